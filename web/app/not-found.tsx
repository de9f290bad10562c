import { StatusPage } from "@/components/status-page";

export default function NotFound() {
  return <StatusPage code="404" />;
}
