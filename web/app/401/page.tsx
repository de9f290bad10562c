import { StatusPage } from "@/components/status-page";

export default function UnauthorizedPage() {
  return <StatusPage code="401" />;
}
