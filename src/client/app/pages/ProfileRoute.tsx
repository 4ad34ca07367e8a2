import { ChangePasswordDialog } from "@client/features/account/ChangePasswordDialog";
import { TwoFactorSetup } from "@client/features/account/TwoFactorSetup";
import { SubscriptionCard } from "@client/features/billing/SubscriptionCard";
import { MyTemplatesBought } from "@client/features/billing/TemplatesBought";
import { ProfilePage } from "@client/features/profile/ProfilePage";
import { useState } from "react";

/**
 * /dashboard/profile: the profile feature with the account feature's Change Password modal and
 * two-factor card, and the billing feature's subscription card and the templates bought.
 */
export function ProfileRoute() {
  const [changing, setChanging] = useState(false);
  return (
    <>
      <ProfilePage
        onChangePassword={() => setChanging(true)}
        twoFactor={<TwoFactorSetup />}
        renderSubscription={(subscription) => (
          <>
            <SubscriptionCard subscription={subscription} />
            <MyTemplatesBought />
          </>
        )}
      />
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} />
    </>
  );
}
