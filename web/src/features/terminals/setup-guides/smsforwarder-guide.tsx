import { SMSFORWARDER_MESSAGE_TEMPLATE, SMSFORWARDER_PING_TEMPLATE } from '@app/shared';
import { Code, CopyField, FieldList, GuideSteps, Ui } from './guide-parts.tsx';

/** The names the guide gives the two Webhook senders, so later steps can point at them. */
const MESSAGE_SENDER = 'Терминал';
const PING_SENDER = 'Пульс';

/** What each sender posts in its Params field, to copy from the guide. */
const TEMPLATES = {
  message: {
    label: 'Шаблон сообщения',
    value: SMSFORWARDER_MESSAGE_TEMPLATE,
    testId: 'smsforwarder-message-template',
  },
  ping: { label: 'Шаблон пульса', value: SMSFORWARDER_PING_TEMPLATE, testId: 'smsforwarder-ping-template' },
} as const;

/**
 * SmsForwarder (pppscn/SmsForwarder): where to tap and what to paste, as its source names things. The app starts
 * in Chinese on a Russian phone (it has only Chinese and English), so the first step switches it to English and
 * the rest use its English names. Two Webhook senders with one URL and secret: messages with
 * SMSFORWARDER_MESSAGE_TEMPLATE through App and SMS rules, and the heartbeat with SMSFORWARDER_PING_TEMPLATE
 * from an auto-task every minute (the app has no heartbeat of its own).
 */
export function SmsForwarderGuide() {
  return (
    <GuideSteps
      label="Как настроить SmsForwarder"
      steps={[
        <p key="install">
          Установите SmsForwarder на телефон, куда приходят SMS и push-уведомления банка: скачайте файл APK со
          страницы <Code>github.com/pppscn/SmsForwarder/releases</Code> и откройте приложение.
        </p>,
        <p key="language">
          Приложение откроется на китайском. Внизу выберите последнюю вкладку <Ui>通用设置</Ui>, прокрутите в
          самый конец до <Ui>多语言设置</Ui> и отметьте <Ui>English</Ui> — приложение перезапустится на
          английском. Дальше названия даны так, как их показывает английская версия.
        </p>,
        <p key="settings">
          На вкладке <Ui>Settings</Ui> включите <Ui>Forward Sms</Ui> и <Ui>Forward App Notify</Ui> и дайте
          разрешения, которые попросит приложение: SMS и доступ к уведомлениям. Там же нажмите{' '}
          <Ui>Battery Optimization</Ui> и разрешите работу в фоне, иначе система остановит пересылку.
        </p>,
        <div key="sender" className="flex flex-col gap-2">
          <p>
            На вкладке <Ui>Senders</Ui> нажмите «+» справа вверху и выберите <Ui>Webhook</Ui>. Заполните поля
            и нажмите <Ui>Save</Ui>, поле <Ui>Headers</Ui> оставьте пустым:
          </p>
          <FieldList
            fields={[
              { name: <Ui>Channel Name/Status</Ui>, value: MESSAGE_SENDER },
              { name: <Ui>Method</Ui>, value: <Code>POST</Code> },
              { name: <Ui>Webhook Server</Ui>, value: 'URL из блока выше' },
              { name: <Ui>Secret</Ui>, value: 'секрет из блока выше' },
              { name: <Ui>Params</Ui>, value: 'шаблон сообщения ниже' },
            ]}
          />
          <CopyField {...TEMPLATES.message} />
        </div>,
        <div key="ping-sender" className="flex flex-col gap-2">
          <p>
            Создайте второй отправитель <Ui>Webhook</Ui> для сигнала «телефон на связи»: название{' '}
            {PING_SENDER}, <Ui>Method</Ui> — <Code>POST</Code>, те же URL и секрет, а в <Ui>Params</Ui> —
            шаблон пульса. Нажмите <Ui>Save</Ui>.
          </p>
          <CopyField {...TEMPLATES.ping} />
        </div>,
        <div key="app-rule" className="flex flex-col gap-2">
          <p>
            Push-уведомления банка: на вкладке <Ui>Rules</Ui> откройте <Ui>App</Ui>, нажмите «+» и заполните
            правило, затем <Ui>Save</Ui>. Для каждого приложения банка — своё правило.
          </p>
          <FieldList
            fields={[
              { name: <Ui>Field</Ui>, value: <Ui>PkgName</Ui> },
              { name: <Ui>Type</Ui>, value: <Ui>Is</Ui> },
              {
                name: <Ui>Value</Ui>,
                value: (
                  <>
                    имя пакета приложения банка: у Сбербанка <Code>ru.sberbankmobile</Code>, у других — в
                    адресе страницы приложения в Google Play после <Code>id=</Code>
                  </>
                ),
              },
              { name: <Ui>Select Sender</Ui>, value: MESSAGE_SENDER },
            ]}
          />
        </div>,
        <div key="sms-rule" className="flex flex-col gap-2">
          <p>
            SMS банка: на вкладке <Ui>Rules</Ui> откройте <Ui>Sms</Ui>, нажмите «+», заполните правило и
            нажмите <Ui>Save</Ui>. Для каждого номера банка — своё правило.
          </p>
          <FieldList
            fields={[
              { name: <Ui>Field</Ui>, value: <Ui>Phone No.</Ui> },
              { name: <Ui>Type</Ui>, value: <Ui>Is</Ui> },
              {
                name: <Ui>Value</Ui>,
                value: (
                  <>
                    номер, с которого банк присылает SMS (у Сбербанка — <Code>900</Code>)
                  </>
                ),
              },
              { name: <Ui>Select Sender</Ui>, value: MESSAGE_SENDER },
            ]}
          />
        </div>,
        <div key="task" className="flex flex-col gap-2">
          <p>
            Пульс раз в минуту: откройте меню ☰ слева вверху, выберите <Ui>Task</Ui> и нажмите «+». Название
            — {PING_SENDER}.
          </p>
          <FieldList
            fields={[
              {
                name: <Ui>Add Condition</Ui>,
                value: (
                  <>
                    <Ui>Cron</Ui>: в поле <Ui>Second</Ui> впишите <Code>0</Code>, остальные поля не меняйте
                    (получится <Code nowrap>0 * * * * ? *</Code> — раз в минуту), нажмите <Ui>Submit</Ui>
                  </>
                ),
              },
              {
                name: <Ui>Add Action</Ui>,
                value: (
                  <>
                    <Ui>Notify</Ui>: в <Ui>Select Sender</Ui> выберите {PING_SENDER}, нажмите <Ui>Submit</Ui>
                  </>
                ),
              },
            ]}
          />
          <p>
            Сохраните задачу кнопкой <Ui>Save</Ui>.
          </p>
        </div>,
        <p key="test">
          Проверка: на вкладке <Ui>Senders</Ui> откройте отправителя {MESSAGE_SENDER} и нажмите <Ui>Test</Ui>.
          Когда запрос дойдёт, статус внизу этого окна сменится на «Терминал подключен».
        </p>,
      ]}
    />
  );
}
