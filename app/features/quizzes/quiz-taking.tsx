import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '~/ui/button'
import { useHydrated } from '~/ui/use-hydrated'
import {
	clearStoredQuiz,
	readStoredQuiz,
	restoreProgress,
	sameFlags,
	toggleFlag,
	unsavedAnswers,
	writeStoredQuiz,
} from './local-progress'
import type { IslandReply, Progress, QuizSession } from './schema'
import { QuizTimer } from './quiz-timer'
import { remainingSeconds } from './timer'
import { formatDateTime, formatTime, zoneName } from '~/platform/dates'
import { showToast } from '~/platform/sonner'
import { handlesOffline } from '~/platform/offline-forms'
import { i18n } from '~/platform/i18n'
import { formatNumber } from '~/platform/numbers'

// Spec section 8, word for word (in English; the toasts speak the page's language).
export const TEST_TEXTS = {
	offline: msg`You are offline. Your answers will be saved locally.`,
	offlineSubmit: msg`You are offline. Test will be submitted when connection is restored.`,
	backOnline: msg`Back online. Syncing test data...`,
	submitted: msg`Test submitted successfully!`,
	submitFailed: msg`Failed to submit test`,
} as const

/** A toast's text in the page's language, read when it is shown. */
const say = (text: (typeof TEST_TEXTS)[keyof typeof TEST_TEXTS]) => i18n._(text)

const AUTOSAVE_DELAY_MS = 800

type Props = {
	session: QuizSession
	/** The resource route the island saves and submits through. */
	progressUrl: string
	resultUrl: string
	/** The viewer's zone, which the closing time is shown in. */
	timeZone: string
}

/**
 * Taking a test. The markup is one form with every question (radios and flag checkboxes) that
 * submits to the page's action, so it works without JavaScript. Once hydrated it becomes the
 * island: answers and flags saved locally on every change and to the server shortly after, a
 * countdown from the server's deadline that submits at zero, one-question-at-a-time view, and
 * an offline queue for the submit.
 */
export function QuizTaking({ session, progressUrl, resultUrl, timeZone }: Props) {
	const { t } = useLingui()
	const hydrated = useHydrated()
	const navigate = useNavigate()
	const [answers, setAnswers] = useState<Progress['answers']>(session.answers)
	const [flagged, setFlagged] = useState<number[]>(session.flagged)
	const [saved, setSaved] = useState<Progress>({
		answers: session.answers,
		flagged: session.flagged,
	})
	const [restored, setRestored] = useState(false)
	const [online, setOnline] = useState(true)
	const [pendingSubmit, setPendingSubmit] = useState(false)
	const [submitting, setSubmitting] = useState(false)
	const [localSaveFailed, setLocalSaveFailed] = useState(false)
	const [view, setView] = useState<'all' | 'one'>('all')
	const [current, setCurrent] = useState(0)
	const [now, setNow] = useState(() => Date.parse(session.serverTime))

	const latest = useRef<Progress>({ answers, flagged })
	const submittingRef = useRef(false)
	const finished = useRef(false)
	const clockOffset = useRef(0)

	useEffect(() => {
		latest.current = { answers, flagged }
	}, [answers, flagged])

	// After hydration: this device's saved copy, the connection state, and the clock.
	useEffect(() => {
		const stored = readStoredQuiz(window.localStorage, session.id)
		const progress = restoreProgress(
			{ answers: session.answers, flagged: session.flagged },
			session.answersSavedAt,
			stored,
		)
		clockOffset.current = Date.parse(session.serverTime) - Date.now()
		/* eslint-disable react-hooks/set-state-in-effect -- reading browser storage, which the server render cannot see */
		setAnswers(progress.answers)
		setFlagged(progress.flagged)
		setPendingSubmit(stored?.pendingSubmit ?? false)
		setOnline(navigator.onLine)
		setNow(Date.now() + clockOffset.current)
		setRestored(true)
		/* eslint-enable react-hooks/set-state-in-effect */
	}, [session])

	// Every change is saved locally at once (spec section 4).
	useEffect(() => {
		if (!restored || finished.current) return
		const ok = writeStoredQuiz(window.localStorage, {
			sessionId: session.id,
			templateId: session.templateId ?? '',
			answers,
			flagged,
			pendingSubmit,
			updatedAt: Date.now(),
		})
		setLocalSaveFailed(!ok)
	}, [restored, answers, flagged, pendingSubmit, session.id, session.templateId])

	const leaveForResult = useCallback(() => {
		finished.current = true
		clearStoredQuiz(window.localStorage)
		navigate(resultUrl)
	}, [navigate, resultUrl])

	const post = useCallback(
		async (intent: 'save' | 'submit', progress: Progress): Promise<IslandReply> => {
			const response = await fetch(progressUrl, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({ intent, sessionId: session.id, progress }),
			})
			return (await response.json()) as IslandReply
		},
		[progressUrl, session.id],
	)

	const submitNow = useCallback(async () => {
		if (submittingRef.current || finished.current) return
		if (!navigator.onLine) {
			setPendingSubmit(true)
			showToast((toast) => toast.info(say(TEST_TEXTS.offlineSubmit), { duration: 3000 }))
			return
		}
		submittingRef.current = true
		setSubmitting(true)
		try {
			const reply = await post('submit', latest.current)
			if (reply.ok) {
				showToast((toast) => toast.success(say(TEST_TEXTS.submitted), { duration: 3000 }))
				leaveForResult()
				return
			}
			showToast((toast) =>
				toast.error(reply.message || say(TEST_TEXTS.submitFailed), { duration: 4000 }),
			)
			if (reply.closed) {
				leaveForResult()
				return
			}
			setPendingSubmit(false)
		} catch {
			// The connection dropped mid-request: keep the submit for when it is back.
			if (!navigator.onLine) {
				setPendingSubmit(true)
				showToast((toast) => toast.info(say(TEST_TEXTS.offlineSubmit), { duration: 3000 }))
			} else {
				showToast((toast) => toast.error(say(TEST_TEXTS.submitFailed), { duration: 4000 }))
			}
		} finally {
			submittingRef.current = false
			setSubmitting(false)
		}
	}, [post, leaveForResult])

	// Offline and back online (spec sections 4 and 8).
	useEffect(() => {
		const wentOffline = () => {
			setOnline(false)
			showToast((toast) => toast.info(say(TEST_TEXTS.offline), { duration: 3000 }))
		}
		const cameBack = () => {
			setOnline(true)
			showToast((toast) => toast.info(say(TEST_TEXTS.backOnline), { duration: 3000 }))
		}
		window.addEventListener('offline', wentOffline)
		window.addEventListener('online', cameBack)
		return () => {
			window.removeEventListener('offline', wentOffline)
			window.removeEventListener('online', cameBack)
		}
	}, [])

	// A queued submit goes as soon as the connection is there (also after a reload).
	useEffect(() => {
		if (!restored || !online || !pendingSubmit) return
		const send = window.setTimeout(() => void submitNow(), 0)
		return () => window.clearTimeout(send)
	}, [restored, online, pendingSubmit, submitNow])

	const unsaved = unsavedAnswers(answers, saved.answers)
	const flagsUnsaved = !sameFlags(flagged, saved.flagged)

	// Autosave to the server, a moment after the last change.
	useEffect(() => {
		if (!restored || !online || pendingSubmit || submitting || (unsaved === 0 && !flagsUnsaved))
			return
		const timer = window.setTimeout(async () => {
			if (!navigator.onLine || submittingRef.current || finished.current) return
			const snapshot = latest.current
			try {
				const reply = await post('save', snapshot)
				if (reply.ok && reply.intent === 'save') setSaved(reply.saved)
				else if (!reply.ok && reply.closed) {
					showToast((toast) => toast.error(reply.message, { duration: 4000 }))
					leaveForResult()
				}
			} catch {
				// Left for the next change or the reconnect; the count on the page says what is unsaved.
			}
		}, AUTOSAVE_DELAY_MS)
		return () => window.clearTimeout(timer)
	}, [
		restored,
		online,
		pendingSubmit,
		submitting,
		unsaved,
		flagsUnsaved,
		answers,
		flagged,
		post,
		leaveForResult,
	])

	// The clock, from the server's deadline.
	useEffect(() => {
		if (!restored) return
		const tick = window.setInterval(() => setNow(Date.now() + clockOffset.current), 1000)
		return () => window.clearInterval(tick)
	}, [restored])
	const remaining = remainingSeconds(session.deadline, now)

	// When time runs out the test submits itself.
	useEffect(() => {
		if (!restored || remaining > 0 || pendingSubmit) return
		const send = window.setTimeout(() => void submitNow(), 0)
		return () => window.clearTimeout(send)
	}, [restored, remaining, pendingSubmit, submitNow])

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		if (!hydrated) return
		event.preventDefault()
		void submitNow()
	}

	const questions = session.questions
	const answered = questions.filter((question) => answers[question.id] !== undefined).length
	const total = formatNumber(questions.length)
	const answeredCount = formatNumber(answered)
	const unansweredCount = formatNumber(questions.length - answered)
	const flaggedCount = formatNumber(flagged.length)
	const timeLimit = session.timeLimit
	const closesAt = formatTime(session.deadline, timeZone)
	const zone = zoneName(session.deadline, timeZone)
	const closesOn = formatDateTime(session.deadline, timeZone)
	const oneAtATime = hydrated && view === 'one'
	const shownIndex = Math.min(current, questions.length - 1)

	function jumpTo(index: number) {
		setCurrent(index)
		if (!oneAtATime)
			document
				.getElementById(`question-${questions[index]?.id}`)
				?.scrollIntoView({ behavior: 'smooth' })
		document.getElementById(`question-${questions[index]?.id}-legend`)?.focus()
	}

	return (
		<div className="flex flex-col gap-6">
			<section
				aria-label={t`Time`}
				className="sticky top-0 z-10 flex flex-col gap-2 rounded-lg border border-slate-200 bg-white/95 p-4 shadow-sm"
			>
				{hydrated && restored ? (
					<QuizTimer remaining={remaining} deadline={session.deadline} timeZone={timeZone} />
				) : (
					<p className="text-sm text-slate-700">
						<Trans>
							Time limit: <Plural value={timeLimit} one="# minute" other="# minutes" />. This test
							closes at{' '}
							<time dateTime={session.deadline}>
								{closesAt} {zone}
							</time>{' '}
							({closesOn}). Submit before then: answers sent later are not accepted.
						</Trans>
					</p>
				)}
				{hydrated && restored ? (
					<p className="text-sm text-slate-700" data-testid="save-status">
						{!online ? (
							<Plural
								value={unsaved}
								one="Offline: # answer not yet saved on the server, kept on this device."
								other="Offline: # answers not yet saved on the server, kept on this device."
							/>
						) : unsaved > 0 ? (
							<Plural
								value={unsaved}
								one="# answer not yet saved on the server."
								other="# answers not yet saved on the server."
							/>
						) : (
							<Trans>All answers saved on the server.</Trans>
						)}
						{localSaveFailed ? (
							<>
								{' '}
								<Trans>This browser is not keeping a local copy, so stay online.</Trans>
							</>
						) : null}
						{pendingSubmit ? (
							<>
								{' '}
								<Trans>Your test will be submitted when the connection is back.</Trans>
							</>
						) : null}
					</p>
				) : null}
			</section>

			{hydrated ? (
				<fieldset className="flex flex-wrap items-center gap-4 text-sm">
					<legend className="sr-only">
						<Trans>How to show the questions</Trans>
					</legend>
					{(
						[
							['all', t`All questions on one page`],
							['one', t`One question at a time`],
						] as const
					).map(([mode, label]) => (
						<label key={mode} className="flex items-center gap-2">
							<input
								type="radio"
								name="view-mode"
								checked={view === mode}
								onChange={() => setView(mode)}
							/>
							{label}
						</label>
					))}
				</fieldset>
			) : null}

			<form
				method="post"
				{...handlesOffline}
				onSubmit={onSubmit}
				className="flex flex-col gap-6"
				aria-label={session.title}
			>
				<input type="hidden" name="intent" value="submit" />
				<ol className="flex flex-col gap-4">
					{questions.map((question, index) => {
						const isFlagged = flagged.includes(question.id)
						const number = formatNumber(index + 1)
						const text = question.questionText
						return (
							<li key={question.id} hidden={oneAtATime && index !== shownIndex}>
								<fieldset
									id={`question-${question.id}`}
									className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
								>
									<legend
										id={`question-${question.id}-legend`}
										tabIndex={-1}
										className="px-1 font-semibold"
									>
										<Trans>
											Question {number} of {total}: {text}
										</Trans>
									</legend>
									<div className="flex flex-col gap-2">
										{question.options.map((option) => (
											<label
												key={option.id}
												className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50"
											>
												<input
													type="radio"
													name={`answer-${question.id}`}
													value={option.id}
													checked={answers[question.id] === option.id}
													onChange={() =>
														setAnswers((previous) => ({ ...previous, [question.id]: option.id }))
													}
												/>
												{option.text}
											</label>
										))}
									</div>
									<label className="flex items-center gap-2 text-sm font-medium text-amber-900">
										<input
											type="checkbox"
											name="flag"
											value={question.id}
											checked={isFlagged}
											onChange={() => setFlagged((previous) => toggleFlag(previous, question.id))}
										/>
										<Trans>Flag question {number} for review</Trans>
									</label>
								</fieldset>
							</li>
						)
					})}
				</ol>
				{oneAtATime ? (
					<div className="flex gap-3">
						<Button
							type="button"
							variant="secondary"
							disabled={shownIndex === 0}
							onClick={() => jumpTo(shownIndex - 1)}
						>
							<Trans>Previous question</Trans>
						</Button>
						<Button
							type="button"
							variant="secondary"
							disabled={shownIndex === questions.length - 1}
							onClick={() => jumpTo(shownIndex + 1)}
						>
							<Trans>Next question</Trans>
						</Button>
					</div>
				) : null}

				<section
					aria-labelledby="review-heading"
					className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="review-heading" className="text-lg font-semibold">
						<Trans>Review before you submit</Trans>
					</h2>
					<p className="text-sm text-slate-700" data-testid="review-counts">
						<Trans>
							{answeredCount} answered, {unansweredCount} unanswered, {flaggedCount} flagged
						</Trans>
					</p>
					<ul className="flex flex-wrap gap-2" aria-label={t`Jump to a question`}>
						{questions.map((question, index) => {
							const answered = answers[question.id] !== undefined
							const isFlagged = flagged.includes(question.id)
							const number = formatNumber(index + 1)
							const state = answered
								? isFlagged
									? t`answered, flagged`
									: t`answered`
								: isFlagged
									? t`unanswered, flagged`
									: t`unanswered`
							return (
								<li key={question.id}>
									<a
										href={`#question-${question.id}`}
										onClick={(event) => {
											if (!hydrated) return
											event.preventDefault()
											jumpTo(index)
										}}
										className={`inline-flex min-w-16 flex-col items-center rounded-md border px-3 py-1 text-sm ${answered ? 'border-indigo-300 bg-indigo-50' : 'border-slate-300 bg-white'} ${isFlagged ? 'outline-2 outline-amber-500' : ''}`}
									>
										<span className="font-semibold">
											<Trans>Q{number}</Trans>
										</span>
										<span className="text-xs">{state}</span>
									</a>
								</li>
							)
						})}
					</ul>
					<div>
						<Button disabled={submitting}>{submitting ? t`Submitting…` : t`Submit test`}</Button>
					</div>
				</section>
			</form>
		</div>
	)
}
