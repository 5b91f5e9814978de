import { t } from '@lingui/core/macro'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import {
	enqueue,
	newItemId,
	readQueue,
	replayQueue,
	sendToAction,
	type OfflineItem,
} from './offline-queue'
import { showToast } from '~/platform/sonner'

export const offlineToast = () => t`You are offline. Changes will be saved locally.`

// One replay per key at a time: the mount check and an `online` event may overlap.
const replaying = new Map<string, Promise<unknown>>()

/**
 * Runs `task` while holding the queue's lock: other tabs of this site share the local storage, and
 * two tabs coming online together must not both replay it (each sending the same changes).
 */
function withQueueLock<T>(storageKey: string, task: () => Promise<T>): Promise<T> {
	if (!('locks' in navigator)) return task()
	return navigator.locks.request(`offline-queue:${storageKey}`, task)
}

/**
 * The offline queue island (DESIGN.md): `queueWhenOffline(type)` is a form's onSubmit. Online it
 * does nothing and the form posts as usual; offline it stores the form under `storageKey` with a
 * timestamp and shows the spec's info toast. Back online, the queue replays in order to the same
 * actions, and the page's data is reloaded. Without JavaScript none of this runs: forms just post.
 */
export function useOfflineQueue(storageKey: string) {
	const revalidator = useRevalidator()
	const [queued, setQueued] = useState<OfflineItem[]>([])

	useEffect(() => {
		const refresh = () => setQueued(readQueue(window.localStorage, storageKey))
		const replay = async () => {
			if (!navigator.onLine || !readQueue(window.localStorage, storageKey).length) return
			const running = replaying.get(storageKey)
			if (running) return running
			const run = withQueueLock(storageKey, () =>
				replayQueue(window.localStorage, storageKey, (item) => sendToAction(item)),
			)
				.then((result) => {
					refresh()
					if (result.applied || result.skipped) void revalidator.revalidate()
				})
				.finally(() => replaying.delete(storageKey))
			replaying.set(storageKey, run)
			return run
		}
		refresh()
		void replay()
		const onOnline = () => void replay()
		window.addEventListener('online', onOnline)
		return () => window.removeEventListener('online', onOnline)
		// revalidator changes identity on every render; the listener needs only its latest call.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [storageKey])

	const queueWhenOffline = useCallback(
		(type: string) => (event: FormEvent<HTMLFormElement>) => {
			if (navigator.onLine) return
			event.preventDefault()
			const form = event.currentTarget
			const submitter = (event.nativeEvent as SubmitEvent).submitter
			const payload: Record<string, string> = {}
			for (const [name, value] of new FormData(form, submitter)) {
				// conform's own validation intent is browser-only; replayed, it would make the action only validate.
				if (typeof value === 'string' && name !== '__intent__') payload[name] = value
			}
			const action = new URL(form.action, window.location.href)
			enqueue(window.localStorage, storageKey, {
				type,
				payload,
				timestamp: Date.now(),
				action: action.pathname + action.search,
				id: newItemId(),
			})
			setQueued(readQueue(window.localStorage, storageKey))
			showToast((toast) => toast.info(offlineToast(), { duration: 3000 }))
		},
		[storageKey],
	)

	return { queued, queueWhenOffline }
}
