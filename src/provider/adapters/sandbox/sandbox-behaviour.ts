// How the sandbox provider answers right now: normally, slowly, or not at all (to drive the 503 path).

export interface BehaviourSettings {
  /** Delay before every answer, in ms. */
  demoraMs: number;
  /** Hold requests open without answering. */
  silencio: boolean;
  /** Apply to this many session requests, then answer normally again; null: until changed. */
  veces: number | null;
}

export class SandboxBehaviour {
  private settings: BehaviourSettings = { demoraMs: 0, silencio: false, veces: null };

  set(settings: BehaviourSettings): BehaviourSettings {
    this.settings = { ...settings };
    return this.current();
  }

  current(): BehaviourSettings {
    return { ...this.settings };
  }

  /** Takes the behaviour for one request, counting it against `veces`. */
  take(): { demoraMs: number; silencio: boolean } {
    const { demoraMs, silencio, veces } = this.settings;
    if (veces !== null) {
      if (veces <= 0) return { demoraMs: 0, silencio: false };
      this.settings.veces = veces - 1;
    }
    return { demoraMs, silencio };
  }
}
