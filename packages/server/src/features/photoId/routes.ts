import { checkResultSchema, photoCheckPendingSchema, requestQuerySchema } from '@verity/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { step } from '../../journey/access.js';
import { documentPhotoHandler } from './documentPhotoRoute.js';
import { photoHandoffRoutes } from './handoffRoutes.js';
import { acceptImageBodies } from './imageBody.js';
import { maxImageBytes } from './images.js';
import { selfieHandler } from './selfieRoute.js';
import { photoStatusRoute } from './vendor/statusRoute.js';
import { vendorWebhookRoute } from './vendor/webhookRoute.js';

/** Each photo route's declaration: a check step, the photo's body limit, the answer's schema. */
const routeOptions = () => ({
  // Checked before the body is read: a refused caller never makes the server take in 10 MB.
  config: { access: step('check'), accessBeforeBody: true },
  bodyLimit: maxImageBytes,
  schema: {
    querystring: requestQuerySchema,
    // 202: a vendor's check answered later (vendor/statusRoute.ts settles it).
    response: { 200: checkResultSchema, 202: photoCheckPendingSchema },
  },
});

/**
 * The photo checks without the app (docs/flows/identity-checks.md, 'Document photos'):
 * POST /api/photoid/passport and /api/photoid/drivinglicence take the document's photo
 * (GenuinePassport on /PassportPhoto, GenuineDrivingLicence on /DrivingLicencePhoto), then,
 * when the request asks for SelfieComparison, POST /api/photoid/selfie takes the selfie,
 * compared with the document's face. Each body is the photo itself (imageBody.ts).
 */
export function photoIdRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    acceptImageBodies(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/photoid/passport',
      routeOptions(),
      documentPhotoHandler(ctx, 'GenuinePassport', 'passport'),
    );
    routes.post(
      '/api/photoid/drivinglicence',
      routeOptions(),
      documentPhotoHandler(ctx, 'GenuineDrivingLicence', 'drivingLicence'),
    );
    routes.post('/api/photoid/selfie', routeOptions(), selfieHandler(ctx));
  });
  // With 'the app': the same checks, the photos taken on the user's phone.
  photoHandoffRoutes(app, ctx);
  // A vendor's checks (PHOTO_ID_PROVIDER=vendor): its webhook, and the browser's status poll.
  vendorWebhookRoute(app, ctx);
  photoStatusRoute(app, ctx);
}
