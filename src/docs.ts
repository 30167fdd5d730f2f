// The OpenAPI 3 description, generated from the controllers and DTOs: /docs/openapi.json, and a page at /docs.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

export const API_VERSION = '1.0.0';

export function setupDocs(app: NestFastifyApplication, publicBaseUrl: string): void {
  const config = new DocumentBuilder()
    .setTitle('Pasarela: merchant payment gateway API (Colombia)')
    .setDescription(
      'Create a charge, send the buyer to its checkoutUrl (PSE, card or cash), and receive a signed webhook. ' +
        'Amounts are whole pesos (COP has no cents). Authentication: `Authorization: Bearer svcpk_...`.',
    )
    .setVersion(API_VERSION)
    .addServer(publicBaseUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Merchant API key (svcpk_...)' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json', yamlDocumentUrl: 'docs/openapi.yaml' });
}
