import { z } from '@hono/zod-openapi'
import { isoDateTime } from '../platform/openapi.ts'

/** A calendar feed: the secret token of its address, and when it was made. */
export const feed = z.object({ token: z.string(), createdAt: isoDateTime }).openapi('CalendarFeed')
