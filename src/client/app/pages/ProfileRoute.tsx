import { ChangePasswordDialog } from "@client/features/account/ChangePasswordDialog";
import { ProfilePage } from "@client/features/profile/ProfilePage";
import { useState } from "react";

/** /dashboard/profile: the profile feature with the account feature's Change Password modal. */
export function ProfileRoute() {
  const [changing, setChanging] = useState(false);
  return (
    <>
      <ProfilePage onChangePassword={() => setChanging(true)} />
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} />
    </>
  );
}
