"use client";

import dynamic from "next/dynamic";

/**
 * The rich-text editor (./tiptap-editor), fetched when a page first shows one: tiptap and ProseMirror are a
 * large part of the console's script, which every list, form and screen would otherwise download and parse
 * (the form controls, the resource form, the config and notice forms all offer a rich-text field). The editor
 * renders nothing on the server anyway (immediatelyRender: false); until it arrives its frame holds the place.
 */
export const RichTextEditor = dynamic(() => import("./tiptap-editor").then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <div data-testid="rich-text-loading" className="min-h-40 rounded-md border bg-muted/30" />,
});
