import { forwardRef, type MouseEvent } from 'react'
import { Link as RouterLink, useLinkClickHandler, type LinkProps } from 'react-router'

/**
 * React Router's `<Link>`, made lighter for the links this app writes most: to a path of its own
 * (`/courses/…`), with no prefetch, masking or view transition. Such a link's address is its `to`
 * as written, so it is rendered as an `<a>` with React Router's own click handling
 * (`useLinkClickHandler`, made for custom links) and without the work `<Link>` does to resolve
 * the address a second time: 3–4 µs a link, 90 µs of the catalogue's 26 (issue 28, decision 049).
 * Any other link is React Router's; app/ui/link.test.tsx renders both alike.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
	const { to, prefetch, relative, mask, viewTransition, discover } = props
	const plain =
		typeof to === 'string' &&
		to.startsWith('/') &&
		!to.startsWith('//') &&
		!to.startsWith('/\\') &&
		(prefetch ?? 'none') === 'none' &&
		relative === undefined &&
		mask === undefined &&
		!viewTransition &&
		(discover ?? 'render') === 'render'
	return plain ? <PathLink ref={ref} {...props} to={to} /> : <RouterLink ref={ref} {...props} />
})

type PathLinkProps = LinkProps & { to: string }

/** The attributes of the `<a>` itself: what is left of a link's props without React Router's own. */
function anchorAttributes({
	to: _to,
	target: _target,
	onClick: _onClick,
	reloadDocument: _reloadDocument,
	replace: _replace,
	state: _state,
	preventScrollReset: _preventScrollReset,
	defaultShouldRevalidate: _defaultShouldRevalidate,
	// Handled by Link above: only their defaults reach here.
	prefetch: _prefetch,
	relative: _relative,
	mask: _mask,
	viewTransition: _viewTransition,
	discover: _discover,
	...rest
}: PathLinkProps) {
	return rest
}

/**
 * On the server a link is its markup only: no click can reach it there, so it skips the click
 * handler's work (resolving the address against the matched routes, 2–3 µs a link, a page's
 * dozen links on every request). The browser renders ClientPathLink, whose markup is the same.
 */
const ServerPathLink = forwardRef<HTMLAnchorElement, PathLinkProps>(
	function ServerPathLink(props, ref) {
		const { to, target } = props
		return (
			<a {...anchorAttributes(props)} ref={ref} href={to} target={target} data-discover="true" />
		)
	},
)

const ClientPathLink = forwardRef<HTMLAnchorElement, PathLinkProps>(function PathLink(props, ref) {
	const { to, onClick, reloadDocument, target } = props
	const { replace, state, preventScrollReset, defaultShouldRevalidate } = props
	const navigate = useLinkClickHandler(to, {
		replace,
		state,
		target,
		preventScrollReset,
		defaultShouldRevalidate,
	})
	const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
		onClick?.(event)
		if (!event.defaultPrevented && !reloadDocument) navigate(event)
	}
	// data-discover, as React Router's link sets it: the browser learns this page's route early.
	return (
		<a
			{...anchorAttributes(props)}
			ref={ref}
			href={to}
			target={target}
			onClick={handleClick}
			data-discover="true"
		/>
	)
})

// Chosen once per environment, so each always calls the same hooks.
const PathLink = typeof document === 'undefined' ? ServerPathLink : ClientPathLink
