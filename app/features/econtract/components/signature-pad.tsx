// The signature box: a canvas sized to its container (phones too) on which
// the member signs with a finger, pen or mouse (pointer events, through
// signature_pad), exported as a PNG data URL.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { css } from '@emotion/css';
import SignaturePad from 'signature_pad';
import { colour, radius } from '../../../ui/theme';

const canvasStyle = css`
  display: block;
  width: 100%;
  height: 180px;
  background: #fff;
  border: 1px dashed ${colour.line};
  border-radius: ${radius};
  touch-action: none;
`;

/** What the page asks the box. */
export interface SignatureHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The signature as a PNG data URL. */
  png(): string;
}

export const SignatureBox = forwardRef<SignatureHandle, { label: string; disabled?: boolean; onChange?: (empty: boolean) => void }>(function SignatureBox(
  { label, disabled, onChange },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const c = canvas.current!;
    const p = new SignaturePad(c, { penColor: '#111', minWidth: 1, maxWidth: 2.6 });
    pad.current = p;
    // the drawing buffer follows the box's size and the screen's pixel ratio
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = p.toData();
      c.width = c.offsetWidth * ratio;
      c.height = c.offsetHeight * ratio;
      c.getContext('2d')!.scale(ratio, ratio);
      p.clear();
      p.fromData(data);
    };
    fit();
    const end = () => changed.current?.(p.isEmpty());
    p.addEventListener('endStroke', end);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      p.removeEventListener('endStroke', end);
      p.off();
    };
  }, []);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    clear: () => {
      pad.current?.clear();
      changed.current?.(true);
    },
    png: () => pad.current?.toDataURL('image/png') ?? '',
  }));

  return <canvas ref={canvas} className={canvasStyle} aria-label={label} data-testid="signature-pad" />;
});
