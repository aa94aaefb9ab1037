/** The layout of a notice (an e-mail without a link): the frame, its heading, and paragraphs of the catalogue's messages. */
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { EmailFrame, type TemplateProps, styles } from "./EmailFrame";
import { fill } from "./fill";

type NoticeMessages = { subject: string; preview: string; heading: string };

/** `paragraphs`: messages, filled with `values`, each a paragraph; or elements, as they are. */
export function NoticeEmail({
  text,
  values,
  paragraphs,
  ...frame
}: TemplateProps & { text: NoticeMessages; values: Record<string, string>; paragraphs: (string | ReactNode)[] }) {
  return (
    <EmailFrame
      {...frame}
      title={fill(text.subject, values)}
      preview={fill(text.preview, values)}
      heading={fill(text.heading, values)}
    >
      {paragraphs.map((paragraph, index) =>
        typeof paragraph === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a template's paragraphs never move.
          <Text key={index} style={styles.text}>
            {fill(paragraph, values)}
          </Text>
        ) : (
          paragraph
        ),
      )}
    </EmailFrame>
  );
}
