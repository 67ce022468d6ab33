import { z } from 'zod';

/** The required fields of HAR 1.2 (W3C draft / Jan Odvarko's spec) that viewers rely on. */
const nameValue = z.object({ name: z.string(), value: z.string() });

export const harSchema = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string().min(1), version: z.string().min(1) }),
    entries: z.array(
      z.object({
        startedDateTime: z.iso.datetime({ offset: true }),
        time: z.number().nonnegative(),
        request: z.object({
          method: z.string().min(1),
          url: z.url(),
          httpVersion: z.string(),
          cookies: z.array(z.unknown()),
          headers: z.array(nameValue),
          queryString: z.array(nameValue),
          postData: z.object({ mimeType: z.string(), text: z.string() }).optional(),
          headersSize: z.number().int(),
          bodySize: z.number().int(),
        }),
        response: z.object({
          status: z.number().int().nonnegative(),
          statusText: z.string(),
          httpVersion: z.string(),
          cookies: z.array(z.unknown()),
          headers: z.array(nameValue),
          content: z.object({ size: z.number().int(), mimeType: z.string(), text: z.string().optional() }),
          redirectURL: z.string(),
          headersSize: z.number().int(),
          bodySize: z.number().int(),
        }),
        cache: z.object({}),
        timings: z.object({
          blocked: z.number().nonnegative().optional(),
          send: z.number().nonnegative(),
          wait: z.number().nonnegative(),
          receive: z.number().nonnegative(),
        }),
      }),
    ),
  }),
});
