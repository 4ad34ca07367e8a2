import type { Config } from "./config";
import { DEMO_ACCOUNTS } from "./config";
import { type AccountSeedDeps, seedAccounts } from "./features/account/account.seed";

/** What seeding needs (the composition root passes its services). */
export interface SeedDeps extends AccountSeedDeps {
  config: Config;
  settings: { seedDefaults(): Promise<boolean> };
  models: { seedDefaults(): Promise<void> };
  testimonials: { seedDefaults(): Promise<void> };
  lawLibrary: { seedRelease(): Promise<unknown> };
  billing: { ensureDemoPremium(userId: string): Promise<void> };
}

/** Everything a new database needs; safe to run at every start (it only adds what is missing). */
export async function seed(services: SeedDeps): Promise<void> {
  const newDatabase = await services.settings.seedDefaults();
  await services.models.seedDefaults();
  // The examples come with a new database only: testimonials an administrator deleted stay deleted.
  if (newDatabase) await services.testimonials.seedDefaults();
  // The law library: new facts of the release added, unedited ones brought up to it.
  await services.lawLibrary.seedRelease();
  const { demoUserIds } = await seedAccounts(services, services.config);
  const premium = DEMO_ACCOUNTS.find((a) => a.plan === "premium");
  const premiumId = premium ? demoUserIds[premium.email] : undefined;
  if (premiumId) await services.billing.ensureDemoPremium(premiumId);
}
