/**
 * The editor's one save model: every panel saves explicitly (or on blur where it already did), and the
 * header shows one status computed from all of them. Kept free of React so the rule is unit-tested.
 */
export type SaveStatus = 'saved' | 'unsaved' | 'saving';

type Listener = () => void;

export class DirtyRegistry {
  private readonly dirty = new Set<string>();
  private saving = 0;
  private readonly listeners = new Set<Listener>();

  /** A form reports whether it holds edits not yet sent; returns false when nothing changed. */
  mark(source: string, isDirty: boolean): boolean {
    if (isDirty === this.dirty.has(source)) return false;
    if (isDirty) this.dirty.add(source);
    else this.dirty.delete(source);
    this.emit();
    return true;
  }

  /** A save in flight; the returned function ends it (once, however often it is called). */
  beginSave(): () => void {
    this.saving += 1;
    this.emit();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.saving -= 1;
      this.emit();
    };
  }

  /** Saving wins over unsaved: the indicator must not claim "unsaved" for the edits being sent. */
  status(): SaveStatus {
    if (this.saving > 0) return 'saving';
    return this.dirty.size > 0 ? 'unsaved' : 'saved';
  }

  /** What leaving would lose: edits not sent, or sent but not yet acknowledged. */
  hasUnsaved(): boolean {
    return this.dirty.size > 0 || this.saving > 0;
  }

  dirtySources(): string[] {
    return [...this.dirty].sort();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Form values compared as the server would store them: trimmed strings, absent equals empty. */
export function differs(current: Record<string, unknown>, saved: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(current), ...Object.keys(saved)]);
  for (const key of keys) {
    if (normalise(current[key]) !== normalise(saved[key])) return true;
  }
  return false;
}

function normalise(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  return JSON.stringify(value);
}

/** Only a move to another page loses the forms; changing the query (?chapter=) keeps the editor mounted. */
export function leavesEditor(current: { pathname: string }, next: { pathname: string }): boolean {
  return current.pathname !== next.pathname;
}
