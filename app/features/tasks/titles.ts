import { t } from '@lingui/core/macro'

// Page titles of the task routes whose module React Router splits for its client loader: a split
// route module's chunk (`tasks.tsx?route-chunk=…`) is not compiled by the macro plugin, so its
// words live here.

/** The teacher's task list. */
export const teacherTasksTitle = () => t`Tasks | TutorHub`
