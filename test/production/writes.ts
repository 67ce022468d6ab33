import { customerWrite } from './customers.js';
import { isObject, type Answer, type UpstreamAnswer } from './http.js';
import type { PublicIds } from './ids.js';
import type { Resource } from './routes.js';

/**
 * The answer to a write the backend accepted. Choice write-answers-without-ids: vehicles and items
 * answer the §2.7 envelope with an empty data object, as the real platform does; customers answer
 * their own way (customers.ts); an appointment request comes back as created (§2.5: with the
 * vehicle.name the service generated).
 */
export function writeAnswer(resource: Resource, method: string, backend: UpstreamAnswer, ids: PublicIds): Answer {
  const body = ids.outgoing(backend.json);
  if (resource === 'vehicles' || resource === 'items') {
    const message = isObject(body) && typeof body.message === 'string' ? body.message : 'OK';
    return { status: backend.status, body: { success: true, message, data: {} } };
  }
  if (resource === 'customers') return customerWrite(method, body);
  return { status: backend.status, body };
}
