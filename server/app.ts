import { relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config';
import type { Db } from './db/postgres/db';
import { bulkWriteGuard, requireAdmin } from './lib/auth';
import { checkRouteRules, roleGate } from './lib/roles';
import { inlineScriptSources, serveConsole } from './lib/console-assets';
import type { AppEnv } from './lib/env';
import { handleError, HttpError } from './lib/errors';
import type { Mailer } from './lib/mail';
import { noBodyLimit, requestBodies } from './lib/body';
import type { MailQueue } from './lib/mail-queue';
import { fileKeeper, uploadContentType, UploadStore } from './lib/uploads';
import { registerAdminRoutes, registerInvitationRoutes } from './routes/admins';
import { registerAppealRoutes, registerPublicAppealRoutes } from './routes/appeals';
import { registerContactUsRoutes } from './routes/contact-us';
import { registerContentRoutes, registerPolicyRoute } from './routes/content';
import { DEFAULT_QUEUE_AMBER_HOURS, DEFAULT_QUEUE_RED_HOURS } from '../contract/review-queue';
import { registerDashboardRoutes } from './routes/dashboard';
import { registerMailRoutes } from './routes/mail';
import { registerMemberNoteRoutes } from './routes/member-notes';
import { registerNoticeTemplateRoutes } from './routes/notice-templates';
import { registerModerationRoutes } from './routes/moderation';
import { registerResources } from './routes/resources';
import { registerReviewQueueRoutes } from './routes/review-queue';
import { registerSessionRoutes } from './routes/sessions';
import { registerTwoFactorRoutes } from './routes/two-factor';
import { registerPublicUserRoutes, registerUserRoutes } from './routes/users';

export type AppDeps = {
  db: Db;
  config: Pick<
    Config,
    | 'dataDir'
    | 'jwtSecret'
    | 'tokenTtlSeconds'
    | 'sessionIdleMinutes'
    | 'publicUrl'
    | 'trustProxy'
    | 'strikeDays'
  > &
    Partial<Pick<Config, 'queueAmberHours' | 'queueRedHours'>>;
  mailer: Mailer;
  /** Sent mail's durable delivery (lib/mail-queue.ts); whoever creates the app starts and stops its worker. */
  mailQueue: MailQueue;
  /** The built console to serve; omitted in API-only tests. */
  distDir?: string;
};

/** The reference API (SPEC 7) plus the built console, as one Hono app that tests can drive with app.request(). */
export function createApp({ db, config, mailer, mailQueue, distDir }: AppDeps) {
  const app = new Hono<AppEnv>();
  const uploads = new UploadStore(config.dataDir);
  // Whoever creates the app sweeps the files no row refers to before it serves (keeper.sweep()).
  const keeper = fileKeeper(db, uploads);

  app.onError(handleError);
  // Answers about members and admins: no browser or proxy keeps a copy.
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', requestBodies(uploads));
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptSources(distDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginResourcePolicy: 'same-origin',
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Each write route bounds its own body (lib/body.ts); every other call takes none worth reading.
  const bodyless: MiddlewareHandler = (c, next) =>
    ['POST', 'PATCH', 'PUT'].includes(c.req.method) ? next() : noBodyLimit(c, next);

  // Public calls first: they answer before the admin check below runs.
  app.use('/api/childsafetypolicy', bodyless);
  app.use('/api/user/delete-account/*', bodyless);
  app.use('/api/appeal/*', bodyless);
  registerPolicyRoute(app, db);
  registerPublicUserRoutes(app, { db, keeper, mailer, ...config });
  registerInvitationRoutes(app, { db, trustProxy: config.trustProxy });
  registerPublicAppealRoutes(app, {
    db,
    queue: mailQueue,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
  });

  const publicRoutes = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
  // Admin calls read nothing, not even a body they refuse, before the token and the role are checked.
  const roles = roleGate(db);
  app.use('/api/*', requireAdmin(db, config.jwtSecret, config));
  app.use('/api/*', roles.logRefusals);
  app.use('/api/*', roles.middleware);
  app.use('/api/*', bulkWriteGuard(db));
  app.use('/api/*', bodyless);
  registerUserRoutes(app, { db, keeper, queue: mailQueue, ...config });
  registerResources(app, db, keeper);
  registerContentRoutes(app, { db, keeper });
  registerContactUsRoutes(app, db);
  registerMailRoutes(app, { db, mailer, queue: mailQueue });
  registerModerationRoutes(app, db, roles);
  const queueAges =
    config.queueAmberHours && config.queueRedHours
      ? { amberHours: config.queueAmberHours, redHours: config.queueRedHours }
      : { amberHours: DEFAULT_QUEUE_AMBER_HOURS, redHours: DEFAULT_QUEUE_RED_HOURS };
  registerReviewQueueRoutes(app, db, queueAges, {
    queue: mailQueue,
    publicUrl: config.publicUrl,
    strikeDays: config.strikeDays,
    roles,
  });
  registerSessionRoutes(app, db, config);
  registerTwoFactorRoutes(app, db, config);
  registerAdminRoutes(app, { db, queue: mailQueue, publicUrl: config.publicUrl, policy: config });
  registerMemberNoteRoutes(app, db);
  registerNoticeTemplateRoutes(app, db);
  registerAppealRoutes(app, { db, queue: mailQueue });
  registerDashboardRoutes(app, db, queueAges);
  app.all('/api/*', () => {
    throw new HttpError(404, 'No such API route');
  });
  checkRouteRules(app, publicRoutes);

  // Uploaded media, under server-generated names; nosniff so a file is never run as something else.
  const uploadsRoot = relative(process.cwd(), uploads.directory) || '.';
  app.use('/uploads/*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'public, max-age=86400');
    await next();
    const type = uploadContentType(c.req.path);
    if (c.res.ok && type) c.header('Content-Type', type);
  });
  app.get(
    '/uploads/*',
    serveStatic({ root: uploadsRoot, rewriteRequestPath: (path) => path.replace(/^\/uploads/, '') }),
  );
  app.get('/uploads/*', (c) => c.json({ success: false, message: 'File not found' }, 404));

  if (distDir) serveConsole(app, distDir);
  return app;
}
