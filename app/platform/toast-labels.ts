import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AppToast } from './toast'

/**
 * A toast action's words: the label is a key (it decides what the action does), shown translated.
 * Its own module, without the toast schema, so the browser's pages carry no schema library.
 */
export const toastActionLabels: Record<
	NonNullable<AppToast['action']>['label'],
	MessageDescriptor
> = {
	Retry: msg`Retry`,
	Dismiss: msg`Dismiss`,
	Login: msg`Login`,
}
