"use client";

import { useEffect, useState } from "react";

/** An InnerLink menu: the link in a full-width frame, as tall as the window less 94.5px. */
export function InnerLink({ src }: { src?: string }) {
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const measure = () => setHeight(window.innerHeight - 94.5);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  if (!src) return <div data-testid="inner-link-404" className="p-8 text-center text-2xl">404</div>;
  return (
    <iframe
      data-testid="inner-link"
      src={src}
      title={src}
      className="-m-4 block w-[calc(100%+2rem)] border-0"
      style={{ height: height === null ? "calc(100vh - 94.5px)" : `${height}px` }}
    />
  );
}
