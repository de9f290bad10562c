import { DashboardScreen } from "@/features/dashboard/dashboard-screen";

export default function HomePage() {
  return <DashboardScreen />;
}
