/**
 * The product's UI kit. Server-safe parts (Button, Field, Card, Alert) render
 * anywhere; Menu, Dialog, ConfirmDialog, Tabs and SubmitButton are client
 * components built on Radix primitives.
 */
export { Alert, type AlertProps, type AlertTone } from "./alert"
export { Avatar, initialsOf } from "./avatar"
export { Badge, type BadgeTone } from "./badge"
export { Button, type ButtonProps } from "./button"
export { ButtonLink } from "./button-link"
export { buttonClass, type ButtonKind, type ButtonSize } from "./button-styles"
export { Card, type CardProps } from "./card"
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog"
export { Dialog, DialogClose, type DialogProps } from "./dialog"
export { Field, inputClass, type FieldProps } from "./field"
export { Menu, MenuContent, MenuItem, MenuLabel, MenuLink, MenuSeparator, MenuTrigger } from "./menu"
export { Spinner } from "./spinner"
export { SubmitButton, type SubmitButtonProps } from "./submit-button"
export { Tab, TabList, TabPanel, Tabs } from "./tabs"
export { cx } from "./cx"
export { Divider } from "./divider"
export { linkClass, TextLink } from "./text-link"
