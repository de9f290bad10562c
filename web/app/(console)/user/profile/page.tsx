import { ProfileScreen } from "@/features/system/profile/profile-screen";

export default async function ProfilePage() {
  return <ProfileScreen />;
}
