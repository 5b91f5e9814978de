import { formatCalendarDate } from '~/platform/dates'

// How certificate dates read (the day of issue, in UTC). Its own module, so the public
// verification page ships no schema library.
export const formatIssued = (iso: string) => formatCalendarDate(iso, 'UTC', 'long')
