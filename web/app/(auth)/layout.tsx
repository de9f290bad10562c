import type { ReactNode } from "react";

/** Pages outside the console shell: sign-in, registration and the other public pages. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#2d3a4b] to-primary/70 dark:from-page dark:to-primary/30 p-4">
      {children}
    </div>
  );
}
