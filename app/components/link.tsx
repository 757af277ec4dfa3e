import { useEffect, type AnchorHTMLAttributes, type Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useNavigate, useResolvedPath, type To } from 'react-router';

/**
 * The app's links and redirects. react-router's `Link`, `NavLink` and `Navigate` also carry route-module
 * prefetching, view transitions, server-component links and checks of relative targets, which this app never
 * asks for; their render reaches that code, so no bundler can leave it out of a first load (react-router is in
 * every screen's entry chunk). These are the part the app uses: the address, and a click that navigates inside
 * the app (a modified click, a middle click or another target left to the browser, as react-router does).
 * With `useSearch` (app/lib/use-search.ts), 2.5 KiB gzip off every first load.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current entry of the history instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on its own path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A link that knows when its page is the one shown: `aria-current="page"` and the class it asks for then. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(to).pathname.toLowerCase();
  // As react-router matches: its own path, or (unless `end`) a path below it; `/` is only itself.
  const isActive = here === path || (!end && path !== '/' && here.startsWith(path.endsWith('/') ? path : `${path}/`));
  return <Link {...rest} to={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />;
}

/** Goes to `to` once drawn (a redirect inside the app, after the render); draws nothing. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
