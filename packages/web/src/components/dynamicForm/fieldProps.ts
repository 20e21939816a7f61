import type { FieldDefinition } from '@verity/contracts';
import type { FocusEvent } from 'react';

/** What every field component of the dynamic form gets. */
export interface FieldProps<V> {
  definition: FieldDefinition;
  /** The id of the field's (first) control; other ids of the field start with it. */
  id: string;
  value: V;
  /** The message to show now, or null. */
  error: string | null;
  /** Mark the field green (left or sent, and nothing to say). */
  valid: boolean;
  onChange(value: V): void;
  /** The user has left the field: its message shows from now on. */
  onTouch(): void;
}

/** The id of a field's message, which its controls name in aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`;

/** The ids that describe a control: its hint and its message, if shown. */
export function describedBy(...ids: Array<string | null | undefined | false>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/**
 * For a group of controls (fieldset): calls `leave` once the focus has left the whole
 * group, not when it moves between its controls.
 */
export function onGroupBlur(leave: () => void) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    leave();
  };
}
