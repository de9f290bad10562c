/**
 * The chat socket's "the home figures changed" notices (issue 28 §3): the core sends `{ messageType: "dashboard" }`
 * to the sockets of operators who may read the home page; the messaging provider passes them here instead of to
 * the chat, and the screens that show those figures listen.
 */

export type Listener = () => void;

export class LiveNotices {
  private readonly listeners = new Set<Listener>();

  /** Listens until the answered function is called. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Whether a socket message is the dashboard's notice (and not the chat's). */
export function isDashboardNotice(data: unknown): boolean {
  return typeof data === "object" && data !== null && "messageType" in data && data.messageType === "dashboard";
}
