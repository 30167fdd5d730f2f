// Starts the whole gateway on a database URL: the sandbox provider, the public API, the operator API and the
// workers, sharing one data source and one event store. main.ts and the tests both start it this way.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Module, type DynamicModule, type INestApplicationContext, type LoggerService, type LogLevel } from '@nestjs/common';
import type { Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { systemClock, type Clock } from './kernel/clock.js';
import type { Config } from './kernel/config.js';
import { openDatabase } from './kernel/database.js';
import { ErrorFilter } from './kernel/http/error.filter.js';
import { validationPipe } from './kernel/http/validation.js';
import { registerJsonBodyHooks } from './kernel/http/json-body.hooks.js';
import { clientErrorHandler, frameworkErrors, registerMethodNotAllowed } from './kernel/http/framework-errors.js';
import { registerHealth } from './kernel/http/health.js';
import { registerPrivateAnswers } from './kernel/http/private-answers.js';
import { OperatorLogger } from './kernel/logger.js';
import type { Infrastructure } from './kernel/infrastructure.module.js';
import { MIGRATIONS } from './migrations/index.js';
import { ENTITIES } from './entities.js';
import { createEventStore } from './payments/adapters/event-store/create-event-store.js';
import { MerchantCache } from './merchants/adapters/cache/merchant-cache.js';
import { MerchantChangesListener } from './merchants/adapters/cache/merchant-changes.listener.js';
import { PublicApiModule } from './public-api.module.js';
import { OperatorApiModule } from './operator/operator-api.module.js';
import { SandboxProviderModule } from './provider/adapters/sandbox/sandbox-provider.module.js';
import { WorkerModule } from './worker.module.js';
import { ReadModelsProjector } from './read-models.projector.js';

/** The worker's listener serves GET /health alone (registered on Fastify, as the API's is). */
@Module({})
class WorkerHealthModule {}
import { setupDocs } from './docs.js';

export interface GatewayOptions {
  config: Config;
  databaseUrl: string;
  clock?: Clock;
  /** Nest's log levels, or false for silence (tests). */
  logger?: LogLevel[] | LoggerService | false;
}

export interface Gateway {
  publicUrl: string;
  adminUrl: string;
  sandboxUrl: string;
  /** GET /health: on the public listener, or for ROLE=worker on ADMIN_PORT. */
  healthUrl: string;
  /** What each listener serves, as Fastify registered it (HEAD left out): the fuzz test checks it covers them all. */
  routes: Record<'public' | 'operator' | 'sandbox', ServedRoute[]>;
  infra: Infrastructure;
  close(): Promise<void>;
}

export const BODY_LIMIT_BYTES = 100 * 1024;

/** A route as Fastify holds it: `url` with its `:name` and `:name(regex)` parameters and `*` wildcards. */
export interface ServedRoute {
  method: string;
  url: string;
}

const SERVED = new WeakMap<NestFastifyApplication, ServedRoute[]>();
const servedBy = (app: NestFastifyApplication | undefined): ServedRoute[] => (app ? (SERVED.get(app) ?? []) : []);

/** Without a logger of the caller's (tests pass theirs, or false): the operator's log, shared by every app. */
let operatorLogger: OperatorLogger | undefined;
const defaultLogger = (): OperatorLogger => (operatorLogger ??= new OperatorLogger());

export async function createHttpApp(
  module: DynamicModule,
  logger: GatewayOptions['logger'],
  { config, clock, dataSource }: Pick<Infrastructure, 'config' | 'clock' | 'dataSource'>,
): Promise<NestFastifyApplication> {
  const { trustProxy } = config;
  // A hop count trusts the nearest `n` proxies, as Fastify's own number does (proxy-addr's i-th hop).
  const trust = typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy;
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // On close, idle keep-alive connections are dropped at once; a request under way is answered first.
    forceCloseConnections: 'idle',
    trustProxy: trust,
    frameworkErrors,
    clientErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    rawBody: true,
    abortOnError: false,
    logger: logger ?? defaultLogger(),
  });
  const served: ServedRoute[] = [];
  SERVED.set(app, served);
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') served.push({ method, url: route.url });
  });
  // First: that a path does not take the method is a routing fact, answered before anything about the body.
  registerMethodNotAllowed(app.getHttpAdapter().getInstance());
  registerJsonBodyHooks(app, BODY_LIMIT_BYTES);
  // A route may carry a limit of its own, `@RouteConfig({ bodyLimit })` (the provider's settlement report is a day of
  // payments): Fastify's route option, which its body parsers obey before their own.
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    const own = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof own === 'number') route.bodyLimit = own;
  });
  registerPrivateAnswers(app.getHttpAdapter().getInstance());
  // Browsers ask every origin for one; we have none, and a 404 would be an error in every buyer's console.
  app.getHttpAdapter().getInstance().get('/favicon.ico', (_request, reply) => {
    void reply.status(204).header('cache-control', 'public, max-age=86400').send();
  });
  // The filter says when an outage it met is over: it asks the database itself (a closed gateway ends the watch).
  // A database that answers reads but refuses writes (read-only, SQLSTATE 25006) is still in its outage.
  app.useGlobalFilters(
    new ErrorFilter(async () => {
      if (!dataSource.isInitialized) return 'closed';
      const [session] = (await dataSource.query('SHOW transaction_read_only')) as Array<{ transaction_read_only: string }>;
      if (session?.transaction_read_only === 'on') throw new Error('the database is read-only');
      return 'answers';
    }),
  );
  app.useGlobalPipes(validationPipe(config, clock));
  return app;
}

/** How long a closing listener waits for the requests under way before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 8_000;

/**
 * Closes an app; a listener answers the requests under way first. Node drops only the keep-alive connections idle
 * when the close begins, so the ones that fall idle later (a request just answered) are dropped as they do; what is
 * still open after the grace period is cut.
 */
async function closeAnswering(app: INestApplicationContext): Promise<void> {
  if (!('getHttpServer' in app)) return app.close();
  const server = (app as NestFastifyApplication).getHttpServer() as Server;
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}

function urlOf(app: NestFastifyApplication, host: string): string {
  const address = app.getHttpServer().address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  // An IPv6 address (ADMIN_HOST=::1) is bracketed in a URL; bare, "http://::1:3001" is no URL at all.
  return `http://${isIP(shown) === 6 ? `[${shown}]` : shown}:${address.port}`;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config } = options;
  const dataSource = await openDatabase({ url: options.databaseUrl, migrations: MIGRATIONS, entities: ENTITIES });
  const eventStore = await createEventStore(config, dataSource, options.databaseUrl);
  const merchantCache = new MerchantCache();
  const merchantChanges = new MerchantChangesListener(merchantCache, options.databaseUrl);
  const infra: Infrastructure = { config, dataSource, eventStore, clock: options.clock ?? systemClock, merchantCache };
  const opened: Array<INestApplicationContext> = [];
  const close = async (): Promise<void> => {
    for (const app of [...opened].reverse()) await closeAnswering(app);
    await merchantChanges.close();
    await eventStore.close();
    await dataSource.destroy();
  };

  try {
    await merchantChanges.start();
    // The sandbox provider first: it plays an outside processor that the API reaches over HTTP.
    const sandbox = await createHttpApp(SandboxProviderModule.forRoot(infra), options.logger, infra);
    opened.push(sandbox);
    await sandbox.listen({ port: config.sandboxPort, host: config.sandboxHost });
    const sandboxUrl = urlOf(sandbox, config.sandboxHost === '0.0.0.0' ? '127.0.0.1' : config.sandboxHost);
    if (config.sandboxPort === 0) {
      config.sandboxPublicUrl = sandboxUrl;
      config.providerUrl = sandboxUrl;
    }

    let publicUrl = '';
    let adminUrl = '';
    let healthUrl = '';
    let api: NestFastifyApplication | undefined;
    let operator: NestFastifyApplication | undefined;
    if (config.role !== 'worker') {
      api = await createHttpApp(PublicApiModule.forRoot(infra), options.logger, infra);
      opened.push(api);
      setupDocs(api, config);
      registerHealth(api.getHttpAdapter().getInstance(), dataSource);
      await api.listen({ port: config.port, host: '0.0.0.0' });
      publicUrl = urlOf(api, '127.0.0.1');
      healthUrl = `${publicUrl}/health`;
      if (config.port === 0) config.publicBaseUrl = publicUrl;

      operator = await createHttpApp(OperatorApiModule.forRoot(infra), options.logger, infra);
      opened.push(operator);
      await operator.listen({ port: config.adminPort, host: config.adminHost });
      adminUrl = urlOf(operator, config.adminHost);
    }
    if (config.role !== 'api') {
      const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(infra), {
        abortOnError: false,
        logger: options.logger ?? defaultLogger(),
      });
      opened.push(worker);
      await worker.init();
      if (config.role === 'worker') {
        // No operator API in this role, so its port is free: GET /health only, on the operator's address (loopback
        // unless ADMIN_HOST says otherwise), for an orchestrator to tell a live worker (docs/decisions.md, "Logs").
        const projector = worker.get(ReadModelsProjector).projector;
        const health = await createHttpApp({ module: WorkerHealthModule }, options.logger, infra);
        opened.push(health);
        registerHealth(health.getHttpAdapter().getInstance(), dataSource, () => projector.alive);
        await health.listen({ port: config.adminPort, host: config.adminHost });
        healthUrl = `${urlOf(health, config.adminHost)}/health`;
      }
    }
    const routes = { public: servedBy(api), operator: servedBy(operator), sandbox: servedBy(sandbox) };
    return { publicUrl, adminUrl, sandboxUrl, healthUrl, routes, infra, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
