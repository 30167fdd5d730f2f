// Replays run in the background of the operator API, one at a time; the CLI follows one by polling its progress.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../kernel/errors.js';
import { EVENT_STORE, type EventStore } from '../../../payments/application/ports/event-store.port.js';
import { READ_MODELS } from './read-models.js';
import { replayReadModels, type ReplayProgress, type ReplayReport } from './replay.js';

export class ReplayInProgress extends DomainError {
  constructor(readonly id: string) {
    super('conflict', 'replay_in_progress', `Replay ${id} is still running: follow it at /internal/replay/${id}`);
  }
}

export interface ReplayJob {
  id: string;
  estado: 'en_curso' | 'terminada' | 'fallida';
  iniciadaEn: string;
  terminadaEn: string | null;
  progreso: ReplayProgress;
  resultado: ReplayReport | null;
  error: string | null;
}

/** Finished jobs kept for reading back; older ones are forgotten. */
const KEPT = 20;

@Injectable()
export class ReplayJobs {
  private readonly logger = new Logger('Replay');
  private readonly jobs = new Map<string, ReplayJob>();
  private running: { job: ReplayJob; done: Promise<void>; abort: AbortController } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  start(batchSize?: number): ReplayJob {
    if (this.running) throw new ReplayInProgress(this.running.job.id);
    const job: ReplayJob = {
      id: randomUUID(),
      estado: 'en_curso',
      iniciadaEn: new Date().toISOString(),
      terminadaEn: null,
      progreso: { fase: 'preparando', eventos: 0, eventosEstimados: null, eventosPorSegundo: 0, proyeccion: null },
      resultado: null,
      error: null,
    };
    this.jobs.set(job.id, job);
    for (const id of [...this.jobs.keys()].slice(0, Math.max(0, this.jobs.size - KEPT))) this.jobs.delete(id);
    const abort = new AbortController();
    const options = { batchSize, signal: abort.signal, onProgress: (p: ReplayProgress) => (job.progreso = p) };
    const done = replayReadModels(this.dataSource, this.store, READ_MODELS, options).then(
      (report) => {
        job.estado = 'terminada';
        job.resultado = report;
        if (!report.iguales) this.logger.error(`Replay ${job.id}: read models differ from a rebuild; kept in schema ${report.esquema}`);
      },
      (error: unknown) => {
        job.estado = 'fallida';
        job.error = error instanceof Error ? error.message : String(error);
        this.logger.error(`Replay ${job.id} failed: ${job.error}`);
      },
    );
    this.running = {
      job,
      abort,
      done: done.finally(() => {
        job.terminadaEn = new Date().toISOString();
        this.running = null;
      }),
    };
    return job;
  }

  get(id: string): ReplayJob | null {
    return this.jobs.get(id) ?? null;
  }

  /** Stops the running replay (if any) at its next batch and resolves once it has cleaned up: the listener is closing. */
  async stop(): Promise<void> {
    this.running?.abort.abort(new Error('the operator API is shutting down'));
    await this.running?.done;
  }
}
