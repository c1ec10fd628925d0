// The quantity stepper (spec section 2's style hints): minus, the number,
// plus; the number can be typed, and stays within min..max.
import { useId } from 'react';
import { css } from '@emotion/css';
import { colour } from './theme';
import { clampQuantity } from './quantity';

const box = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 14px;
  font-weight: 600;
  div { display: inline-flex; align-items: center; align-self: flex-start; border: 1px solid #cbd2d9; border-radius: 999px; background: #fff; }
  button {
    width: 44px;
    height: 44px;
    border: 0;
    border-radius: 50%;
    background: none;
    color: var(--brand);
    font-size: 22px;
    cursor: pointer;
  }
  button:disabled { color: ${colour.faint}; cursor: not-allowed; }
  input { width: 56px; border: 0; text-align: center; font: inherit; font-size: 17px; background: none; color: ${colour.text}; appearance: textfield; -moz-appearance: textfield; }
  input::-webkit-inner-spin-button, input::-webkit-outer-spin-button { -webkit-appearance: none; margin: 0; }
`;

/** Whole numbers from min to max; labels name the field and its two buttons. */
export function QuantityStepper({ label, less, more, value, min, max, onChange }: {
  label: string;
  less: string;
  more: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
}) {
  const id = useId();
  const set = (n: number) => onChange(clampQuantity(n, min, max));
  return (
    <div className={box}>
      <label htmlFor={id}>{label}</label>
      <div>
        <button type="button" aria-label={less} aria-controls={id} disabled={value <= min} onClick={() => set(value - 1)}>
          −
        </button>
        <input id={id} type="number" inputMode="numeric" min={min} max={max} step={1} value={value} onChange={(e) => set(e.target.valueAsNumber)} />
        <button type="button" aria-label={more} aria-controls={id} disabled={value >= max} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
