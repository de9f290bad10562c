import { StatusPage } from "@/components/status-page";

export default function MissingPage() {
  return <StatusPage code="404" />;
}
