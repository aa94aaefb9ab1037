/**
 * The alert that a customer's account was signed in to from a device it had never been used on:
 * when, through which app, from which browser or device and IP address, and what to do if it wasn't
 * them. The sign-in's details are stand-ins here (`newDeviceDetails`), put in by composeNotice.
 */
import { Text } from "@react-email/components";
import { type BusinessProps, EmailFrame, styles } from "./components/EmailFrame";

export const newDeviceSubject = (tradingName: string) => `New sign-in to your ${tradingName} account`;

/** Where each detail of the sign-in goes (letters and digits only: they survive rendering unchanged). */
export const newDeviceDetails = {
  when: "DETAILwhen5d1e8b",
  app: "DETAILapp5d1e8b",
  userAgent: "DETAILuseragent5d1e8b",
  ip: "DETAILip5d1e8b",
};

export default function NewDevice(props: BusinessProps) {
  return (
    <EmailFrame
      {...props}
      title={newDeviceSubject(props.tradingName)}
      preview={`Your ${props.tradingName} account was just signed in to from a new device.`}
      heading="New sign-in to your account"
    >
      <Text style={styles.text}>
        {`Your ${props.tradingName} account was just signed in to from a device it had not been used on before.`}
      </Text>
      <Text style={styles.text}>
        {`When: ${newDeviceDetails.when}`}
        <br />
        {`App: ${newDeviceDetails.app}`}
        <br />
        {`Device: ${newDeviceDetails.userAgent}`}
        <br />
        {`IP address: ${newDeviceDetails.ip}`}
      </Text>
      <Text style={styles.text}>
        {`If this was you, there is nothing more to do. If it wasn't, change your password in the ${props.tradingName} app at once, sign out of your other sessions and contact support.`}
      </Text>
    </EmailFrame>
  );
}
