import {
  cloneElement,
  isValidElement,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

export type SlotProps = HTMLAttributes<HTMLElement> & {
  ref?: Ref<HTMLElement>;
  children?: ReactNode;
  [data: `data-${string}`]: unknown;
};

/**
 * Gives its props to its one child element instead of drawing an element of its own (`asChild`),
 * as Radix's Slot does: the child's own props win, except that class names join, styles merge,
 * `aria-describedby` ids add up, both event handlers run (the child's first) and both refs are
 * set. Radix's weighs about 1 kB (gzip) on the landing page, for what this does
 * (docs/performance.md).
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement<Props>(children)) throw new Error('Slot takes exactly one element child.');
  const slot = slotProps as Props;
  const merged: Props = { ...slot };
  for (const [name, childValue] of Object.entries(children.props)) {
    if (childValue !== undefined) merged[name] = mergeProp(name, slot[name], childValue);
  }
  merged.ref = slot.ref && children.props.ref ? bothRefs(slot.ref, children.props.ref) : merged.ref;
  return cloneElement(children, merged);
}

function mergeProp(name: string, slotValue: unknown, childValue: unknown): unknown {
  if (slotValue === undefined) return childValue;
  if (
    /^on[A-Z]/.test(name) &&
    typeof slotValue === 'function' &&
    typeof childValue === 'function'
  ) {
    return (...args: unknown[]) => {
      const result = (childValue as Handler)(...args);
      (slotValue as Handler)(...args);
      return result;
    };
  }
  if (name === 'style') return { ...(slotValue as object), ...(childValue as object) };
  if (name === 'className' || name === 'aria-describedby')
    return `${slotValue as string} ${childValue as string}`;
  return childValue;
}

function bothRefs(...refs: unknown[]): RefCallback<HTMLElement> {
  return (node) => {
    for (const ref of refs as Ref<HTMLElement>[]) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
