/**
 * The order status enums of the DLN contracts (docs/dln.md §4.3), indexed by their uint8 value:
 * DlnDestination `takeOrders(orderId).status` and DlnSource `giveOrders(orderId).status`.
 */
export const DLN_TAKE_STATUS = ['NotSet', 'Fulfilled', 'SentUnlock', 'SentCancel'] as const
export const DLN_GIVE_STATUS = ['NotSet', 'Created', 'ClaimedUnlock', 'ClaimedCancel'] as const
