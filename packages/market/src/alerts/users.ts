// Users as dense small integers, so every per-user figure of the evaluator (the per-event claim
// stamp, the storm cap) is a typed array indexed by it. An index is reused after clearUser.

export class UserTable {
  private readonly index = new Map<string, number>();
  /** userId by index; '' for a free slot. */
  readonly ids: string[] = [];
  private readonly free: number[] = [];
  /** Per event: the event's stamp once the user has been served (or claimed by a symbol rule). */
  claim: Uint32Array = new Uint32Array(1024);
  private readonly onGrow: (capacity: number) => void;

  constructor(onGrow: (capacity: number) => void) {
    this.onGrow = onGrow;
  }

  get size(): number {
    return this.index.size;
  }

  get capacity(): number {
    return this.claim.length;
  }

  indexOf(userId: string): number | undefined {
    return this.index.get(userId);
  }

  /** The user's index, adding the user if new. */
  add(userId: string): number {
    const known = this.index.get(userId);
    if (known !== undefined) return known;
    const u = this.free.pop() ?? this.ids.length;
    if (u === this.ids.length) this.ids.push(userId);
    else this.ids[u] = userId;
    this.index.set(userId, u);
    if (u >= this.claim.length) {
      const grown = new Uint32Array(this.claim.length * 2);
      grown.set(this.claim);
      this.claim = grown;
      this.onGrow(grown.length);
    }
    this.claim[u] = 0;
    return u;
  }

  /** Frees the user's index; the caller has dropped everything that pointed at it. */
  remove(userId: string): void {
    const u = this.index.get(userId);
    if (u === undefined) return;
    this.index.delete(userId);
    this.ids[u] = '';
    this.free.push(u);
  }
}
