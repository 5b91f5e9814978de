import { pino } from 'pino'

/**
 * The API's log: one JSON object a line on stdout (pino), in every environment, so a log
 * collector reads it as it is (docs/decisions/034). LOG_LEVEL sets the threshold (info).
 */
export const log = pino({ name: 'api', level: process.env.LOG_LEVEL || 'info' })
