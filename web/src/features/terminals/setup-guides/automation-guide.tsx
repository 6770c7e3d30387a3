import { AUTOMATION_FIELDS, AUTOMATION_JSON_TEMPLATE } from '@app/shared';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/index.ts';
import { Code, CopyField, FieldList, GuideSteps, Ui } from './guide-parts.tsx';

type AutomationField = (typeof AUTOMATION_FIELDS)[number];

/** What each field of the request carries, in words (the copy buttons' names). */
const FIELD_MEANING: Record<AutomationField, string> = {
  sender: 'пакет приложения банка',
  title: 'заголовок уведомления',
  text: 'полный текст уведомления',
  battery: 'заряд батареи',
};

/** MacroDroid's magic text per field, read from the shared JSON template so both ways send the same values. */
const MACRODROID_VALUES = JSON.parse(AUTOMATION_JSON_TEMPLATE.macrodroid) as Record<AutomationField, string>;
const TASKER_VALUES = JSON.parse(AUTOMATION_JSON_TEMPLATE.tasker) as Record<AutomationField, string>;

/** Tasker's body for a bank SMS ("Received Text": sender number and body), the push template's shape. */
export const TASKER_SMS_TEMPLATE = AUTOMATION_JSON_TEMPLATE.tasker
  .replace(TASKER_VALUES.sender, '%SMSRF')
  .replace(TASKER_VALUES.title, '')
  .replace(TASKER_VALUES.text, '%SMSRB');
/** The heartbeat's body: only the battery, no text. */
export const TASKER_PING_TEMPLATE = JSON.stringify({ battery: TASKER_VALUES.battery });

function MacroDroidSteps() {
  return (
    <GuideSteps
      label="Как настроить MacroDroid"
      steps={[
        <p key="install">Установите MacroDroid из Google Play и откройте его.</p>,
        <p key="trigger">
          Создайте макрос. Триггер — уведомление: <Ui>Notification</Ui> → <Ui>Notification Received</Ui>, в{' '}
          <Ui>Select Applications</Ui> отметьте приложения своих банков. Разрешите MacroDroid доступ к
          уведомлениям, когда он попросит.
        </p>,
        <div key="action" className="flex flex-col gap-2">
          <p>
            Действие — HTTP-запрос: <Ui>HTTP Request</Ui> из раздела веб-действий. Метод <Code>POST</Code>,
            URL — из блока выше. На вкладке <Ui>Query Params</Ui> добавьте четыре параметра. MacroDroid сам
            закодирует значения, поэтому кавычки и переносы строк в тексте уведомления не помешают. Если
            переменная называется в вашей версии иначе, выберите её кнопкой «…» по смыслу.
          </p>
          <div className="flex flex-col gap-3">
            {AUTOMATION_FIELDS.map((field) => (
              <CopyField
                key={field}
                label={FIELD_MEANING[field]}
                caption={
                  <>
                    Параметр <Code>{field}</Code> — {FIELD_MEANING[field]}
                  </>
                }
                value={MACRODROID_VALUES[field]}
                testId={`macrodroid-param-${field}`}
              />
            ))}
          </div>
        </div>,
        <div key="json" className="flex flex-col gap-2">
          <p>
            Вместо параметров можно отправить тело JSON: в <Ui>Content Body</Ui> выберите тип{' '}
            <Code>application/json</Code> и вставьте шаблон. Текст в нём стоит последним, поэтому сервис
            прочитает его, даже если в нём есть кавычки.
          </p>
          <CopyField
            label="Шаблон для MacroDroid"
            value={AUTOMATION_JSON_TEMPLATE.macrodroid}
            testId="macrodroid-json-template"
          />
        </div>,
        <p key="sms">
          Если банк присылает SMS, создайте второй макрос с триггером входящего SMS и таким же действием: в{' '}
          <Code>sender</Code> — номер отправителя, в <Code>text</Code> — текст SMS (выберите их кнопкой «…»),{' '}
          <Code>title</Code> оставьте пустым.
        </p>,
        <p key="ping">
          Пульс: третий макрос с триггером <Ui>Regular Interval</Ui> раз в минуту и действием{' '}
          <Ui>HTTP Request</Ui> на тот же URL с одним параметром <Code>battery</Code> —{' '}
          <Code>{MACRODROID_VALUES.battery}</Code>. Без него терминал будет считаться не в сети, пока не
          придёт уведомление.
        </p>,
      ]}
    />
  );
}

function TaskerSteps() {
  return (
    <GuideSteps
      label="Как настроить Tasker"
      steps={[
        <p key="install">Установите Tasker и плагин AutoNotification из Google Play.</p>,
        <p key="profile">
          Создайте профиль: <Ui>Event</Ui> → <Ui>Plugin</Ui> → <Ui>AutoNotification</Ui> → <Ui>Intercept</Ui>,
          в настройках плагина в <Ui>Apps</Ui> отметьте приложения своих банков.
        </p>,
        <div key="task" className="flex flex-col gap-2">
          <p>
            Задача профиля — действие <Ui>Net</Ui> → <Ui>HTTP Request</Ui>:
          </p>
          <FieldList
            fields={[
              { name: <Ui>Method</Ui>, value: <Code>POST</Code> },
              { name: <Ui>URL</Ui>, value: 'URL из блока выше' },
              { name: <Ui>Headers</Ui>, value: <Code>Content-Type:application/json</Code> },
              { name: <Ui>Body</Ui>, value: 'шаблон ниже' },
            ]}
          />
          <CopyField
            label="Шаблон для Tasker"
            value={AUTOMATION_JSON_TEMPLATE.tasker}
            testId="tasker-json-template"
          />
        </div>,
        <div key="sms" className="flex flex-col gap-2">
          <p>
            Если банк присылает SMS, создайте второй профиль <Ui>Event</Ui> → <Ui>Phone</Ui> →{' '}
            <Ui>Received Text</Ui> с таким же действием и этим телом:
          </p>
          <CopyField label="Шаблон для SMS" value={TASKER_SMS_TEMPLATE} testId="tasker-sms-template" />
        </div>,
        <div key="ping" className="flex flex-col gap-2">
          <p>
            Пульс: профиль по времени, который повторяется каждую минуту, с таким же действием и телом только
            с зарядом батареи. Без него терминал будет считаться не в сети, пока не придёт уведомление.
          </p>
          <CopyField label="Шаблон пульса" value={TASKER_PING_TEMPLATE} testId="tasker-ping-template" />
        </div>,
      ]}
    />
  );
}

/**
 * MacroDroid or Tasker with AutoNotification (closed source; names from their documentation, English
 * versions): a notification trigger for the bank apps and an HTTP POST with the fields sender, title, text and
 * battery. Their variables are inserted unescaped, so MacroDroid gets query parameters it encodes itself, and
 * the JSON templates put the text last, where a raw quote or newline still reads.
 */
export function AutomationGuide() {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-small text-gray-600">
        Названия пунктов даны по английским версиям приложений; в переводе они называются иначе, но находятся
        там же.
      </p>
      <Tabs defaultValue="macrodroid">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="macrodroid" size="touch">
            MacroDroid
          </TabsTrigger>
          <TabsTrigger value="tasker" size="touch">
            Tasker
          </TabsTrigger>
        </TabsList>
        <TabsContent value="macrodroid">
          <MacroDroidSteps />
        </TabsContent>
        <TabsContent value="tasker">
          <TaskerSteps />
        </TabsContent>
      </Tabs>
    </div>
  );
}
