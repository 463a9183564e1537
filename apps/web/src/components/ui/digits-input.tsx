import type { InputHTMLAttributes, KeyboardEvent, Ref } from "react";
import { Input } from "./input.tsx";

const BLOCKED_KEYS = new Set(["-", "+", "e", "E", ".", ",", " "]);

/**
 * A whole, positive amount of pesos: only digits get in (calls §5 "the value input rejects signs"),
 * typed or pasted. The value stays a string of digits for the form.
 */
export function DigitsInput({
  value,
  onValueChange,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type"> & {
  value: string;
  onValueChange: (digits: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (BLOCKED_KEYS.has(event.key)) event.preventDefault();
        props.onKeyDown?.(event);
      }}
      onChange={(event) => onValueChange(event.target.value.replace(/\D+/g, "").replace(/^0+(?=\d)/, ""))}
    />
  );
}
