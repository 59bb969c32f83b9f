/**
 * A labelled file picker whose words are ours: a browser draws "Choose file / No file chosen" in
 * its own interface language, whatever the page's. The native input stays the control
 * (keyboard, screen readers, drag and drop, `accept`), transparent over our button and file name.
 * The form passes the chosen file's name (`fileName`), so clearing a choice in code shows too.
 */
import type { ComponentProps } from 'react';
import { buttonClass } from './Button';
import { controlProps, Field, type FieldShell } from './fields';
import { defineText } from '../i18n/text';
import en from './i18n/file.en.json';
import './file-field.css';

// Its own namespace: only the pages with a file to pick download these words.
const useFileText = defineText('ui-file', en, { sw: () => import('./i18n/file.sw.json') });

type FilePickerProps = Omit<ComponentProps<'input'>, 'type'> & { fileName?: string | null | undefined };

/** The picker alone, for a form that lays out its own label, hint and error (give it `id` and `aria-*`). */
export function FilePicker({ fileName, ...input }: FilePickerProps) {
  const t = useFileText();
  return (
    <span className="file-picker">
      <input type="file" {...input} />
      <span className={buttonClass('secondary', 'sm', 'file-picker-button')} aria-hidden="true">
        {t('choose')}
      </span>
      <span className="file-picker-name" aria-hidden="true">
        {fileName || t('none')}
      </span>
    </span>
  );
}

/** A labelled file picker with its hint and error, as TextField. */
export function FileField({ id, label, error, hint, describedByIds, ...picker }: FieldShell & Omit<FilePickerProps, 'id'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <FilePicker {...controlProps({ id, error, hint, describedByIds })} {...picker} />
    </Field>
  );
}
