import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, htmlPage } from '../../http/htmlPage.js';
import { publicCall } from '../../journey/access.js';
import type { OutboxStore } from './store.js';

const query = z.object({ recipient: z.string().max(320).optional() });

/** The development outbox page and its JSON; registered only outside production. */
export function outboxRoutes(app: FastifyInstance, outbox: OutboxStore, product: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/dev/outbox.json',
    { config: { access: publicCall }, schema: { querystring: query, hide: true } },
    async (request) => ({
      messages: await outbox.list({ recipient: request.query.recipient }),
    }),
  );

  typed.get(
    '/dev/outbox',
    { config: { access: publicCall }, schema: { querystring: query, hide: true } },
    async (request, reply) => {
      const messages = await outbox.list({ recipient: request.query.recipient });
      const rows = messages
        .map(
          (
            message,
          ) => `<tr><td>${escapeHtml(new Date(message.createdAt).toISOString())}</td><td>${escapeHtml(message.channel)}</td>
<td>${escapeHtml(message.recipient)}</td><td>${message.subject ? `<strong>${escapeHtml(message.subject)}</strong><br>` : ''}<pre>${escapeHtml(message.body)}</pre></td></tr>`,
        )
        .join('');
      const body = `<h1>Development outbox</h1>
<p>Messages Verity would have sent (e-mail, SMS, voice). This page exists only outside production. JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
${messages.length === 0 ? '<p>No messages yet.</p>' : `<table><caption class="visually-hidden">Messages, newest first</caption><thead><tr><th scope="col">Sent</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`}`;
      return reply
        .type('text/html')
        .send(htmlPage('Development outbox', body, { product, wide: true }));
    },
  );
}
