// The signature without a pointer (WCAG 2.1.1 keyboard, 2.5.7 dragging
// movements): the member types their name and it is drawn in a brush-like
// face on a canvas the size of the signature box, which gives the same kind
// of PNG (transparent, a few kilobytes) as a drawn signature.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { css } from '@emotion/css';
import type { SignatureHandle } from './signature-pad';
import { fittedFontSize, typedMax, typedSize } from '../rules';
import { Field } from '../../../ui/form-fields';
import { colour, radius } from '../../../ui/theme';

const fonts = '"Kaiti TC", "BiauKai", "DFKai-SB", "KaiTi", "STKaiti", "Noto Serif CJK TC", serif';

const preview = css`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: ${typedSize.width} / ${typedSize.height};
  margin-top: 8px;
  background: #fff;
  border: 1px dashed ${colour.line};
  border-radius: ${radius};
`;

function draw(c: HTMLCanvasElement, text: string) {
  const g = c.getContext('2d');
  if (!g) return;
  g.clearRect(0, 0, c.width, c.height);
  if (!text) return;
  g.font = `100px ${fonts}`;
  const size = fittedFontSize(g.measureText(text).width);
  g.font = `${size}px ${fonts}`;
  g.fillStyle = '#111';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, c.width / 2, c.height / 2);
}

export const TypedSignature = forwardRef<SignatureHandle, { label: string; previewLabel: (text: string) => string; disabled?: boolean }>(
  function TypedSignature({ label, previewLabel, disabled }, ref) {
    const [text, setText] = useState('');
    const canvas = useRef<HTMLCanvasElement>(null);
    const typed = text.trim();
    useEffect(() => {
      if (canvas.current) draw(canvas.current, typed);
    }, [typed]);
    useImperativeHandle(
      ref,
      () => ({
        isEmpty: () => !typed,
        clear: () => setText(''),
        png: () => canvas.current?.toDataURL('image/png') ?? '',
      }),
      [typed],
    );
    return (
      <div>
        <Field label={label} name="typedSignature" autoComplete="off" maxLength={typedMax} disabled={disabled} value={text} onChange={(e) => setText(e.target.value)} />
        <canvas
          ref={canvas}
          className={preview}
          width={typedSize.width}
          height={typedSize.height}
          role="img"
          aria-label={previewLabel(typed)}
          data-testid="typed-signature"
        />
      </div>
    );
  },
);
