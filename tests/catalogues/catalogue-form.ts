import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Catalogue } from '@/features/catalogues/define-catalogue';
import { pngFile } from '../support/files';

/** Filling a catalogue's form as an admin would, for every test that saves one (its fields from the declaration). */

/** The file `fillCatalogueForm` chooses for each image. */
export const CHOSEN_ICON = 'icon.png';
const icon = () => pngFile(CHOSEN_ICON);
/** The n-th file chooser of the form (an offer has two). */
const fileInput = (index: number) =>
  document.querySelectorAll('input[type="file"]')[index] as HTMLInputElement;
/** A day well inside what the expire-date picker offers. */
export const DAY = '2031-01-15';
/** What `fillCatalogueForm` types into fields that are not free text (a time after another: `laterTime`). */
export const TYPED = { number: '5', time: '18:30', laterTime: '21:00' };

/** Picks `option` from the select labelled `label`. */
export async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * Fills every field of the form: typed text ('<label> <suffix>'), rich text, choices (the first the field offers), a
 * day, images. Returns the option chosen in each choice field, by field name.
 */
export async function fillCatalogueForm(user: UserEvent, catalogue: Catalogue, suffix: string) {
  let files = 0;
  const chosen: Record<string, string> = {};
  for (const field of catalogue.fields) {
    switch (field.kind) {
      case 'text':
      case 'textarea':
      case 'slug':
      case 'number':
      case 'time': {
        const input = screen.getByLabelText(field.label);
        await user.clear(input);
        const typed =
          field.kind === 'time' && field.after ? TYPED.laterTime : TYPED[field.kind as keyof typeof TYPED];
        await user.type(input, typed ?? `${field.label} ${suffix}`);
        break;
      }
      case 'html': {
        const editor = await screen.findByRole('textbox', { name: field.label });
        await user.clear(editor);
        await user.type(editor, `${field.label} ${suffix}`);
        break;
      }
      case 'date': {
        const input = await screen.findByRole('textbox', { name: field.label });
        await user.clear(input);
        await user.type(input, DAY);
        await user.keyboard('{Escape}');
        break;
      }
      case 'status':
        await choose(user, 'Status', 'Active');
        break;
      case 'yesNo':
        await choose(user, field.label, 'Yes');
        break;
      case 'select':
        await choose(user, field.label, field.options[1]!.label);
        break;
      case 'choice': {
        const select = screen.getByRole('combobox', { name: field.label });
        await user.click(select);
        const options = await waitFor(() => {
          const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
          if (!list) throw new Error(`${field.label} offers no list`);
          return within(list).getAllByRole('option');
        });
        const [first] = options;
        chosen[field.name] = first!.textContent ?? '';
        await user.click(first!);
        break;
      }
      case 'icon':
        await user.upload(fileInput(files), icon());
        files += 1;
        break;
    }
  }
  return chosen;
}
