import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/docs/json and its UI at /api/docs, built from the routes' zod schemas. */
export const swaggerPlugin = fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        info: { title: 'Hit21 API', description: 'Football blackjack: the game server.', version: '1.0.0' },
      },
      transform: jsonSchemaTransform,
    });
    await fastify.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
