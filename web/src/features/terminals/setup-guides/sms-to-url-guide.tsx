import { Alert } from '../../../ui/index.ts';
import { Code, FieldList, GuideSteps, Ui } from './guide-parts.tsx';

/**
 * Incoming SMS to URL forwarder (bogkonstantin/android_income_sms_gateway_webhook, English only; it calls itself
 * "Sms Forwarder" inside): one forwarding rule with sender `*` and our URL; its default JSON template is what
 * the server reads, so it stays unchanged. It does not sign (the URL's token is the credential), forwards SMS
 * only and reports no battery.
 */
export function SmsToUrlGuide() {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-small text-gray-600">
        Приложение пересылает только SMS и не сообщает заряд батареи: на карточке терминала будет заряд по
        умолчанию.
      </p>
      <Alert tone="warning" data-testid="sms-to-url-heartbeat">
        У приложения нет ежеминутного сигнала «я на связи»: без него терминал будет в сети только
        минуту-полторы после каждого SMS и не будет получать сделки. Добавьте сигнал из MacroDroid или Tasker
        (шаг 5).
      </Alert>
      <GuideSteps
        label="Как настроить Incoming SMS to URL forwarder"
        steps={[
          <p key="install">
            Установите Incoming SMS to URL forwarder из <span className="whitespace-nowrap">F-Droid</span>{' '}
            (пакет <Code>tech.bogomolov.incomingsmsgateway</Code>) или со страницы{' '}
            <Code>github.com/bogkonstantin/android_income_sms_gateway_webhook/releases</Code> на телефон, куда
            приходят SMS банка. В списке приложений оно называется <Ui>Sms Forwarder</Ui>. Откройте его и
            разрешите доступ к SMS.
          </p>,
          <p key="add">Нажмите круглую кнопку «+» в правом нижнем углу.</p>,
          <div key="fields" className="flex flex-col gap-2">
            <p>Заполните правило:</p>
            <FieldList
              fields={[
                {
                  name: <Ui>Sender (number or text)</Ui>,
                  value: (
                    <>
                      <Code>*</Code> — SMS любого отправителя; сервис сам отберёт SMS банков
                    </>
                  ),
                },
                { name: <Ui>Webhook URL</Ui>, value: 'URL из блока выше' },
                {
                  name: <Ui>Json Payload Template</Ui>,
                  value: 'не меняйте: шаблон по умолчанию подходит как есть',
                },
                { name: <Ui>Headers</Ui>, value: 'не меняйте' },
              ]}
            />
          </div>,
          <p key="test">
            Нажмите <Ui>Test</Ui>: приложение отправит пробное сообщение, и статус внизу этого окна сменится
            на «Терминал подключен». Затем нажмите <Ui>Add</Ui>.
          </p>,
          <p key="battery">
            В настройках Android отключите для приложения экономию батареи, чтобы система не останавливала
            пересылку.
          </p>,
          <p key="ping">
            Сигнал «на связи»: в MacroDroid создайте макрос с триггером <Ui>Regular Interval</Ui> (каждую
            минуту) и действием <Ui>HTTP Request</Ui>: метод <Code>POST</Code>, URL из блока выше, в{' '}
            <Ui>Query Params</Ui> одна строка <Code>battery</Code> = <Code>{'{battery}'}</Code> (уровень
            заряда). Запрос только с <Code>battery</Code> сервер принимает как сигнал. В Tasker — профиль по
            времени каждую минуту с таким же запросом.
          </p>,
        ]}
      />
    </div>
  );
}
