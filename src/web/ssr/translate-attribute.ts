import { options, type VNode } from 'preact';

/**
 * Preact's compat layer turns `translate="no"` into `translate={false}` so that the browser's
 * `translate` property ends as "no"; the server's renderer prints a false attribute as nothing, so
 * the page arrived without it and hydration does not add attributes. Names and titles that must not
 * be machine-translated (teams, notices, the language list) then were. Given back as "no" here.
 */
const compatVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  compatVnode?.(vnode);
  const props = vnode.props as { translate?: unknown };
  if (typeof vnode.type === 'string' && props.translate === false) props.translate = 'no';
};
