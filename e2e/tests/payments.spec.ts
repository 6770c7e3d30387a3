import { PAYMENT_MESSAGES, PAYMENT_TEXT } from '@app/shared';
import { expect, test } from '@playwright/test';
import { createUser } from '../support/admin.ts';
import { signIn } from '../support/auth.ts';

/** A card number unique to this run (16 digits). */
const runDigits = String(Date.now()).slice(-8);
const CARD = `2200${runDigits}1234`;
const ACCOUNT = `40817810${runDigits}0077`;
const masked = (value: string) => `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;

test('a trader manages payment methods on /payments', async ({ page }) => {
  const trader = createUser({ role: 'trader' });
  await signIn(page, trader.email, trader.password);
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: PAYMENT_TEXT.title })).toBeVisible();
  await expect(page.getByText(PAYMENT_TEXT.emptyNone)).toBeVisible();

  await test.step('adds a card method through the two-step modal', async () => {
    await page.getByRole('button', { name: PAYMENT_TEXT.addButton }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Выберите банк' });
    await expect(dialog.getByRole('region', { name: 'Популярные банки' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Другие банки' })).toBeVisible();
    await dialog.getByLabel('Поиск банка').fill('сбер');
    await dialog.getByRole('button', { name: /Сбербанк/ }).click();
    const details = page.getByRole('dialog', { name: 'Реквизиты платежа' });
    const save = details.getByRole('button', { name: 'Сохранить' });
    await details.getByLabel(/Имя владельца/).fill('Ivan Petrov');
    await expect(save).toBeDisabled();
    await details.getByLabel('Номер карты').pressSequentially(CARD);
    await expect(details.getByLabel('Номер карты')).toHaveValue(CARD.replace(/(\d{4})(?=\d)/g, '$1 '));
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText(PAYMENT_TEXT.created)).toBeVisible();
    await expect(details).toBeHidden();
  });

  await test.step('adds an SBP method with phone and account', async () => {
    await page.getByRole('button', { name: PAYMENT_TEXT.addButton }).first().click();
    await page.getByRole('dialog', { name: 'Выберите банк' }).getByRole('button', { name: /ВТБ/ }).click();
    const details = page.getByRole('dialog', { name: 'Реквизиты платежа' });
    await details.getByLabel(/Имя владельца/).fill('Anna Smirnova');
    await details.getByLabel('Номер телефона').fill('+7 (999) 123-45-67');
    await expect(details.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await details.getByLabel('Номер счета').fill(ACCOUNT);
    await details.getByRole('button', { name: 'Сохранить' }).click();
    await expect(details).toBeHidden();
  });

  const cardMethod = page.getByRole('region', { name: 'Сбербанк Ivan Petrov' });
  const sbpMethod = page.getByRole('region', { name: 'ВТБ Anna Smirnova' });

  await test.step('sees the requisites masked', async () => {
    await expect(cardMethod.getByText(masked(CARD))).toBeVisible();
    await expect(sbpMethod.getByText(masked(ACCOUNT))).toBeVisible();
    await expect(sbpMethod.getByText('+79991234567')).toBeVisible();
    await expect(page.getByText(CARD)).toHaveCount(0);
    await expect(sbpMethod.getByRole('radio', { name: 'SBP', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(cardMethod.getByRole('radio', { name: 'C2C', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  await test.step('turns the card method Online, and it stays on after a reload', async () => {
    const online = cardMethod.getByRole('switch', { name: 'Online: Ivan Petrov' });
    await online.click();
    await expect(online).toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Сбербанк Ivan Petrov' }).getByRole('switch'),
    ).toBeChecked();
  });

  await test.step('is refused editing while Online, with the spec message', async () => {
    // The mode selector is locked while Online and says why.
    await expect(cardMethod.getByRole('radio', { name: 'SBP/C2C' })).toBeDisabled();
    await expect(cardMethod.getByRole('radiogroup')).toHaveAccessibleDescription(
      PAYMENT_MESSAGES.disableFirst,
    );
    await cardMethod.getByRole('button', { name: 'Details' }).click();
    const edit = page.getByRole('dialog', { name: PAYMENT_TEXT.detailsTitle });
    await expect(edit.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.disableFirst);
    await expect(edit.getByLabel('Номер карты')).toBeDisabled();
    await edit.getByRole('button', { name: 'Отмена' }).click();
    await cardMethod.getByRole('button', { name: PAYMENT_TEXT.limitsButton }).click();
    const limits = page.getByRole('dialog', { name: PAYMENT_TEXT.limitsTitle });
    await expect(limits.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.disableFirst);
    await expect(limits.getByLabel(/Минимальная сумма/)).toBeDisabled();
    await limits.getByRole('button', { name: 'Отмена' }).click();
  });

  await test.step('sets limits, refusing a minimum above the maximum', async () => {
    await sbpMethod.getByRole('button', { name: PAYMENT_TEXT.limitsButton }).click();
    const limits = page.getByRole('dialog', { name: PAYMENT_TEXT.limitsTitle });
    await expect(limits.getByLabel(/Минимальная сумма/)).toHaveAttribute('placeholder', '0');
    await expect(limits.getByLabel(/Максимальная сумма/)).toHaveAttribute('placeholder', '100000');
    await limits.getByLabel(/Минимальная сумма/).fill('5000');
    await limits.getByLabel(/Максимальная сумма/).fill('1000');
    await limits.getByRole('button', { name: 'Сохранить' }).click();
    await expect(limits.getByText(PAYMENT_MESSAGES.minAboveMax)).toBeVisible();
    // The form moves focus to the field in error; typing into the other one must wait for that, or the
    // keystrokes land in the focused field.
    await expect(limits.getByLabel(/Минимальная сумма/)).toBeFocused();
    await limits.getByLabel(/Максимальная сумма/).fill('100000');
    await limits.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText(PAYMENT_TEXT.limitsSaved)).toBeVisible();
    await expect(limits).toBeHidden();
    await sbpMethod.getByRole('button', { name: PAYMENT_TEXT.limitsButton }).click();
    await expect(limits.getByLabel(/Минимальная сумма/)).toHaveValue('5000');
    await expect(limits.getByLabel(/Максимальная сумма/)).toHaveValue('100000');
    await limits.getByRole('button', { name: 'Отмена' }).click();
  });

  await test.step('filters by bank and by mode', async () => {
    await page.getByRole('button', { name: 'Банк', exact: true }).click();
    await page.getByRole('dialog', { name: 'Банк' }).getByLabel(/ВТБ/).click();
    await page.keyboard.press('Escape');
    await expect(sbpMethod).toBeVisible();
    await expect(cardMethod).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(cardMethod).toBeVisible();

    await page.getByRole('button', { name: 'Режим оплаты' }).click();
    await page.getByRole('dialog', { name: 'Режим оплаты' }).getByLabel('C2C', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(cardMethod).toBeVisible();
    await expect(sbpMethod).toHaveCount(0);
    await page.getByRole('button', { name: 'Режим оплаты' }).click();
    await page.getByRole('dialog', { name: 'Режим оплаты' }).getByLabel('SBP', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(sbpMethod).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  await test.step('lines the top bar breadcrumb up with the page title above 1440 px', async () => {
    await page.setViewportSize({ width: 1920, height: 900 });
    const crumb = await page.getByText('Processing /').boundingBox();
    const title = await page.getByRole('heading', { name: PAYMENT_TEXT.title }).boundingBox();
    expect(Math.abs((crumb?.x ?? 0) - (title?.x ?? -100))).toBeLessThanOrEqual(1);
  });

  await test.step('works at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('payments-list')).toHaveAttribute('data-layout', 'mobile');
    await expect(cardMethod).toBeVisible();
    await expect(sbpMethod.getByText(masked(ACCOUNT))).toBeVisible();
    // The e2e project has no DOM types: measure with an expression evaluated in the page.
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect(overflow).toBeLessThanOrEqual(0);
    // The narrowest phones: the cards still fit the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    await expect(sbpMethod).toBeVisible();
    expect(
      Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 375, height: 812 });
    const online = sbpMethod.getByRole('switch', { name: 'Online: Anna Smirnova' });
    await online.click();
    await expect(online).toBeChecked();
    await page.getByRole('button', { name: PAYMENT_TEXT.addButton }).first().click();
    await expect(page.getByRole('dialog', { name: 'Выберите банк' })).toBeVisible();
  });
});
