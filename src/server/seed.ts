import { DEMO_ACCOUNTS } from "./config";
import { seedAccounts } from "./features/account/account.seed";
import type { Services } from "./services";

/** Everything a new database needs; safe to run at every start (it only adds what is missing). */
export async function seed(services: Services): Promise<void> {
  await services.settings.seedDefaults();
  await services.models.seedDefaults();
  await services.testimonials.seedDefaults();
  const { demoUserIds } = await seedAccounts(services, services.config);
  const premium = DEMO_ACCOUNTS.find((a) => a.plan === "premium");
  const premiumId = premium ? demoUserIds[premium.email] : undefined;
  if (premiumId) await services.billing.ensureDemoPremium(premiumId);
}
