import { ProfileScreen } from "@/features/profile/profile-screen";
import { loadConsoleSession } from "@/lib/session";

export default async function ProfilePage() {
  return <ProfileScreen session={await loadConsoleSession()} />;
}
