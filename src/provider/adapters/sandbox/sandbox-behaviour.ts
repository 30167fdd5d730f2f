// How the sandbox provider answers right now: normally, slowly, or not at all (to drive the 503 path), on the
// service's calls that open a session and on those the hosted page makes while a buyer pays.
import type { ServerResponse } from 'node:http';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import { DomainError } from '../../../kernel/errors.js';

export interface BehaviourSettings {
  /** Delay before every answer, in ms. */
  demoraMs: number;
  /** Hold requests open without answering. */
  silencio: boolean;
  /** Apply to this many requests, then answer normally again; null: until changed. */
  veces: number | null;
}

const SILENCE_MS = 120_000;

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

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

  /**
   * Holds an answer already decided (a slow or silent processor may still have acted): `demoraMs`, then, when
   * silent, until the caller gives up (its time-out closes the connection) and a 503 nobody reads.
   */
  async hold(taken: { demoraMs: number; silencio: boolean }, response: ServerResponse): Promise<void> {
    if (taken.demoraMs <= 0 && !taken.silencio) return;
    const gone = new AbortController();
    response.once('close', () => gone.abort());
    if (taken.demoraMs > 0) await sleep(taken.demoraMs, gone.signal);
    if (taken.silencio) {
      await sleep(SILENCE_MS, gone.signal);
      throw new DomainError('unavailable', 'sandbox_silent', 'The sandbox provider is set to be silent');
    }
  }
}

/** The behaviour on a Nest route of the sandbox's API: the work is done, then its answer held. */
@Injectable()
export class SandboxBehaviourInterceptor implements NestInterceptor {
  constructor(private readonly behaviour: SandboxBehaviour) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const taken = this.behaviour.take();
    const response = context.switchToHttp().getResponse<FastifyReply>().raw;
    return next.handle().pipe(
      mergeMap((value) =>
        from(
          this.behaviour.hold(taken, response).then(() => value),
        ),
      ),
    );
  }
}
