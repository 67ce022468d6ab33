/**
 * How the harness stands to each silence of ../shared/silences.md that no family dimension varies
 * (test/family/dimensions.ts declares the silences its dimensions cover): the reason no check's verdict
 * depends on the choice, in the words of what the checks do (per the entry's *Harness* line), or, in
 * `silenceGaps`, an honest note that a check still does and the family does not yet vary it.
 * `partner-conformance selfcheck --silences` prints the whole catalogue from this module and the
 * dimensions; test/silence-coverage.test.ts holds every id of the catalogue to one of them.
 *
 * A reason is one sentence in our words: which checks could lean on the choice and how they avoid it.
 * Where a corrected entry (2026-12-02) now states part of it, the reason names the clause that judges
 * the stated part, and says what stays open and unread.
 */
export const silenceReasons = {
  // ── §1 ──────────────────────────────────────────────────────────────────────────────────────
  'S-1-location-param':
    'locationId is sent by name only to purchase orders (§4.6); elsewhere the name is a profile guess (harness/core/profile.ts) and a refused guess ends the check as guess-refused, never failed.',
  'S-1-vehicle-customer-link':
    'Vehicles are created only under customers known to exist and be active in COMPANY_ID (CUSTOMER_ID, or a customer the run has just created); no check sends a dangling customerId, reassigns an owner, or reads a vehicle after its customer is archived.',
  'S-1-scheduled-appointments':
    'No check calls GET /appointments, and no appointment-request check infers anything from it.',
  'S-1-parameter-placement':
    'The client puts filters in the query and bulk writes in the JSON body, exactly where §4 shows them; no check moves a parameter elsewhere.',

  // ── §2.1 Vehicle ─────────────────────────────────────────────────────────────────────────────
  'S-2.1-vehicleId-on-create':
    'The vehicle builders (generators/vehicles.ts) never send vehicleId on create; ids are learnt from the answer or by the locator (suites/common/own-records.ts).',
  'S-2.1-create-required':
    'Every vehicle the run creates carries every §2.1 request field with a plausible value; no check sends a sparse vehicle expecting acceptance or refusal (VEHICLE-CREATE-NEEDS-CUSTOMER leaves out customerId alone, which §2.1/§4.1 require).',
  'S-2.1-year':
    'Years are JSON integers from 1980 to 2026 (generators/vehicles.ts); no check sends a string, a fraction or an out-of-range year.',
  'S-2.1-vehicleName':
    'The run sends a vehicleName on create only; VEHICLE-CREATE-ROUNDTRIP requires it back only once some vehicle of the batch shows it kept (else the names read are recorded), updates never send it, and the update frame treats it as one the server may rebuild; no check asserts a name derived from make or model.',
  'S-2.1-imgUrl':
    'The run sends imgUrl "" (and one URL, emptied by an update): VEHICLE-CREATE-ROUNDTRIP reads an empty image back as "", null or absent (S-TEXT-empty-strings treats "" and null alike on read), and a URL as any non-empty string, never byte for byte (harness/checks/written.ts).',
  'S-2.1-tags':
    'Tags are sent as distinct names with six-digit hex colours without #; VEHICLE-CREATE-ROUNDTRIP compares them as a set with colours case-folded, so neither order nor hex case matters.',
  'S-2.1-mileage':
    'Mileages are JSON integers and units exactly Miles or KM (§2.1); reads are compared as parsed JSON numbers, so 12345 and 12345.0 are equal.',
  'S-2.1-free-text-attributes':
    'VEHICLE-CREATE-ROUNDTRIP compares engine, color, driveType and transmission without letter case or runs of spaces, so a target keeping its own spelling of the common values the builders send (AWD, Automatic) passes.',
  'S-2.1-vehicleStatus-initial':
    'No create sends vehicleStatus, and checks assert only Inactive after an archive (§3); the status a vehicle is created with is never judged.',

  // ── §2.2 Item ────────────────────────────────────────────────────────────────────────────────
  'S-2.2-enum-spelling':
    'Items are sent with itemType part or tire and status Active exactly as §2.2 spells them, and only those spellings are expected back; no check sends another case.',
  'S-2.2-derived-pricing':
    'No check computes or compares a total; ITEM-CREATE-ROUNDTRIP compares pricePerUnit only once some item of its batch shows it stored as sent (else the prices read are recorded), and costPerUnit within half a cent.',
  'S-2.2-money':
    'Amounts are sent with at most two decimals and read back within half a cent (ITEM-CREATE-ROUNDTRIP), a float artefact or trailing zeros aside; a string amount breaks the stated type number (§2.2), failed by the stated-type checks.',
  'S-2.2-tire-read-shape':
    'Tires are sent with width, profile and tireSize that agree; ITEM-CREATE-ROUNDTRIP compares the integers as JSON numbers, asks tireSize back only as a string (a store may derive its own spelling), and compares seasonality only as the integer code sent, never interpreting it.',
  'S-2.2-itemNumber-uniqueness':
    'Every item number the run makes is unique to the run (uniqueItemNumber with the run marker); no check creates a duplicate or asserts what a duplicate gets.',
  'S-2.2-companyId-echo':
    'The stated part (companyId present, a string) is judged by ITEM-GET-BARE on every read by id; ITEM-COMPANY-MATCHES fails only a companyId that names another company the run knows, and records any other spelling of the company without judging it.',

  // ── §2.3, §2.4 ───────────────────────────────────────────────────────────────────────────────
  'S-2.3-customer-duplicates':
    'Each customer the run creates carries a word unique to the run and call (uniqueCustomerTerm); no check creates a duplicate or asserts how one is treated.',

  // ── §2.5 Appointment request ─────────────────────────────────────────────────────────────────
  'S-2.5-wall-clock-zone':
    'Bookings are a few weeks ahead on Tuesday to Thursday mid-morning (generators/appointment-requests.ts), far from DST changes, and read-backs accept the same wall-clock text or the instant shifted by any real offset (suites/appointment-requests/records.ts).',
  'S-2.5-format-strictness':
    'Creates send exactly YYYY-MM-DD HH:mm zero-padded; APPT-CREATE-DATETIME-ENFORCED fails only the acceptance of a form the format excludes, never the refusal of a near miss.',
  'S-2.5-vehicle-and-services':
    'The create body beyond §2.5 comes from the profile and is negotiated (CONFORMANCE_PROFILE); when nothing is accepted the create checks end guess-refused, not failed.',
  'S-2.5-generated-vehicle-name':
    'APPT-VEHICLE-NAME-GENERATED looks for a vehicle object with a string name anywhere in the create answer, whatever the envelope, and never reads its text ("" included); a success body with none fails §2.5 (corrected entry; fault appt-vehicle-name-not-returned).',
  'S-2.5-comment-text':
    'Comments are short, use \\n only and carry no surrounding spaces; APPT-LINE-BREAKS compares after folding CRLF to LF and trimming, and asks only that the break survives where it was sent.',
  'S-2.5-comment-null-empty':
    'APPT-DESCRIPTION-WINS sends two distinct non-empty comments; no check sends a null or empty description or notes.',
  'S-2.5-notes-in-responses':
    'APPT-NOTES-WRITE-ONLY fails only a notes key that returns the run’s own unique comment (§2.5 write-only alias, corrected entry); a notes key with any other content is not read.',

  // ── §2.6 Purchase order ──────────────────────────────────────────────────────────────────────
  'S-2.6-line-items':
    'PO-LINE-RESERVED-NULL requires requestedPartNumber and requestedQuantity present as null and PO-LINE-BRAND a brand key holding a string or null on every line item (§2.6, corrected entry; fault po-line-nulls-dropped); no other line-item key is read.',
  'S-2.6-source-consistency':
    'PO-SOURCE-VALUES checks each value against its own stated set, and the source checks judge only the §4.6 table rows; no check asserts a full mapping between source and integrationSource.',
  'S-2.6-other-fields':
    'Purchase-order schemas are open (looseObject) and PO-RECORD-SHAPE only records the other fields; no check requires one field set across backends.',

  // ── §2.7 Response shapes ─────────────────────────────────────────────────────────────────────
  'S-2.7-message-text':
    'message is judged only as a string (the §2.7 schemas); no check compares the text of a success message.',
  'S-2.7-get-by-id-envelope':
    'What is still open is only the pagination object of a read by id, which no check reads; VEHICLE-GET-ENVELOPE requires content to be an array holding the vehicle (§2.7, corrected entry; fault vehicles-get-content-object).',
  'S-2.7-items-page-extras':
    'The items page checks judge the stated keys and types (pageable and pageable.sort objects; fault items-pageable-sort-array), number and pageNumber on in-range pages, and numberOfElements and totalPages from their definitions with size read as the size asked for, a cap, or the records returned; offset, the sort flags and extra keys are never judged.',
  'S-2.4-stocked-definition':
    'INVENTORY-STOCKED-ONLY is an observed clause: it records whether the run’s part created with isStockItem false shows levels and the stock flags of items with levels, and judges nothing.',
  'S-2.7-po-pagination':
    'The purchase-order pagination object is optional and never required to hold a key; paging walks stop on a short or empty data array.',
  'S-2.7-po-error-field':
    'On success PO-LIST-ENVELOPE and PO-GET-ENVELOPE require error null and status a boolean (stated); the value of status is not failed, and on a refusal PO-ERROR-IN-ENVELOPE asks only for a non-null error, in any form.',

  // ── §3 States ────────────────────────────────────────────────────────────────────────────────
  'S-3-initial-state':
    'Items are created with status Active and judged on it only when the create was accepted; no check asserts a create-time state the run did not send.',
  'S-3-reactivation':
    'No check reactivates a record, and cleanup only archives; every run works on records it created itself.',
  'S-3-deletion':
    'DELETE is sent only by PO-READ-ONLY, only to the embedded mock and only on a purchase order, where §4.6 states the list is read-only; no other check deletes.',
  'S-3-archive-updates-timestamp':
    'The updated-window checks judge records the run created or updated, never an archived one; no check asserts an archive moves or keeps the update time.',
  'S-3-customer-archive-cascade':
    'The customer archive scenario gives archive-b an active vehicle before the PATCH and never reads that vehicle afterwards, so no cascade is asserted; a refusal of that batch while archive-a alone is archived fails CUSTOMER-ARCHIVE-INACTIVE (§3 from any state; fault customers-archive-blocked-by-vehicles).',
  'S-3-appointment-states':
    'No check filters appointment requests by status or asserts the status of a created request.',

  // ── §4.1 Vehicles ────────────────────────────────────────────────────────────────────────────
  'S-4.1-list-required-params':
    'Every vehicle list sends companyId, and customerId filters use only CUSTOMER_ID or customers the run read; no check lists without companyId.',
  'S-4.1-put-null-and-empty':
    'Updates send non-null values (imgUrl "" aside, which §2.1 allows); VEHICLE-UPDATE-PARTIAL judges that unsent fields kept their values and sent ones took the new values.',
  'S-4.1-put-customer-change':
    'Vehicle updates never send customerId, so no check depends on what a change of owner does.',
  'S-4.1-archive-mismatch': 'Archives send each vehicle with its true owner; no check sends a mismatched customerId.',
  'S-4.1-update-unknown-id':
    'No check updates or archives an unknown vehicleId expecting a refusal; the only ids sent are the run’s own.',
  'S-4.1-filter-combination':
    'VEHICLE-FILTERS-COMBINE asks only that each parameter keeps its own stated meaning when sent together (every record all admit comes back, one any excludes stays out), never an order or a count; the Harness line would only observe combinations, but an AND of stated filters is the one reading §4.1 allows.',

  // ── §4.2 Items ───────────────────────────────────────────────────────────────────────────────
  'S-4.2-both-details':
    'Parts are sent with partDetails only and tires with tireDetails only; no check sends both blocks.',
  'S-4.2-type-filter':
    'ITEM-FILTER-TYPE filters with the exact spellings part and tire and judges only that every item returned is of that type; whether the run’s item comes back is recorded, since an empty page is a listed answer to an unknown spelling.',

  // ── §4.3 Customers ───────────────────────────────────────────────────────────────────────────
  'S-4.3-list-params':
    'Customer lists send companyId, page and size, plus the profile’s location name only when LOCATION_ID is set; a list refused for want of a location leaves the customer list checks inconclusive.',
  'S-4.3-partial-update-depth':
    'CUSTOMER-UPDATE-PARTIAL changes one top-level scalar field (the profile’s updatableField); no check sends nested objects or arrays in an update.',
  'S-4.3-beta-instability':
    'Customer checks judge only what §3 and §4.3 state (archive, read by id, the listed records); a 403 with a valid token ends them unjudged as a permission of the environment, not a failure.',

  // ── §4.4 Inventory levels ────────────────────────────────────────────────────────────────────
  'S-4.4-get-one-nonstocked': 'No check reads the levels of an item that is not stocked.',

  // ── §4.5 Appointment requests ────────────────────────────────────────────────────────────────
  'S-4.5-create-params':
    'The company and location of a create come from the profile (negotiated); a forbidden-field check passes on any 400, since another missing field may be reported first.',
  'S-4.5-create-validation':
    'Bookings are one hour on a weekday a few weeks ahead, and a refusal of the run’s own booking ends the dependent checks inconclusive; no check asserts a refusal of a past or unavailable time.',
  'S-4.5-forbidden-fields':
    'APPT-REJECT-* send each forbidden key alone with a non-empty value in an otherwise accepted body, and APPT-REJECT-VEHICLE-NAME [empty string] sends vehicle.name "" too, which §4.5 forbids as well (corrected entry; fault appt-vehicle-name-empty-accepted); null and other cases of the key are never sent.',
  'S-4.5-invalid-list-values': 'No check sends a malformed or inverted window to GET /appointmentRequests.',
  'S-4.5-updatedAt-on-create':
    'APPT-UPDATED-NULL-EXCLUDED judges absence only for requests the target shows with a null update time, and the updated-window checks only records it shows with one; a fresh request is not assumed either way.',
  'S-4.5-alias-loser-validity':
    'APPT-STANDARD-WINS and SLOTS-STANDARD-WINS send valid, distinct windows of the same form under both names; the losing name never carries an invalid value.',
  'S-4.5-slots-pairs':
    'Pass/fail slot checks send full pairs; SLOTS-WINDOW-REQUIRED and SLOTS-HALF-PAIR-REJECTED accept any 4xx, since §7 gives no status for a missing pair.',
  'S-4.5-slotDate-with-pair':
    'SLOTS-SLOTDATE-REJECTED sends slotDateStart/slotDateEnd as the only window parameters; the mixed case is never sent.',
  'S-4.5-slots-window-rules':
    'Slot windows are short and a week or more ahead; SLOTS-WINDOW-BOUNDED lets the days next to each bound be in or out and no check counts the days.',
  'S-4.5-iso-rejection-scope':
    'SLOTS-ISO-REJECTED sends YYYY-MM-DDThh:mm:ssZ in the only pair sent, once per pair; no other form is judged.',

  // ── §4.6 Purchase orders ─────────────────────────────────────────────────────────────────────
  'S-4.6-repairOrderId-online':
    'PO-REPAIR-ORDER-NOT-INVENTORY sends repairOrderId with source=inventory only; the online combination is never sent for a verdict.',
  'S-4.6-company-param':
    'The list half is stated and judged (PO-LIST-ENVELOPE expects the plain list with companyId in its query to answer 2xx); on a read by id, where its place is open, a 400 about the company with companyId in the query leaves PO-GET-ANY-BACKEND unjudged.',
  'S-4.6-itemType-values':
    'itemType is sent with one plausible value (part) only in the stated 400 and 2xx combinations; PO-ITEM-TYPE-ACCEPTED fails a refusal only once the other allowed combination shows the value known, and no check judges what the filter selects.',
  'S-4.6-isPartsCatalog-forms':
    'isPartsCatalog is sent as lowercase true or false only; PO-FLAG-ONLY-ONLINE requires 400 with source inventory, orders, all and omitted alike (§4.6 table, §7; corrected entry; fault po-flag-ignored-without-source).',
  'S-4.6-source-values': 'source is sent only as inventory, online, orders or all, in lowercase.',
  'S-4.6-foreign-location':
    'PO-UNKNOWN-LOCATION sends a well-formed id that surely does not exist; no check sends another company’s location.',
  'S-4.6-get-extras':
    'Reads of a purchase order by id never send source; unknown ids are handled as in S-7-unknown-record (recorded, not judged).',
  'S-4.6-slow-all-sources':
    'Reads with source=all ask small pages under the client timeout, and a gateway 502/503/504 is retried and then reported as an environment error, not a failure.',

  // ── §5 Authentication ────────────────────────────────────────────────────────────────────────
  'S-5-token-acquisition':
    'Tokens are operator settings (ACCESS_TOKEN, ACCESS_TOKEN_NO_PO, or the login paths the operator names); no lifetime is assumed.',
  'S-5-scheme-and-header-forms':
    'The client always sends exactly Authorization: Bearer <token>; header variants are never sent for a verdict.',
  'S-5-po-permission-body':
    'PO-PERMISSION-REQUIRED requires the 403 and PO-ERROR-IN-ENVELOPE a non-null error member in its body, in any form (§7, corrected entry; fault po-permission-403-without-error); WWW-Authenticate and the other members are not read.',
  'S-5-request-content-type':
    'Every body is sent with Content-Type: application/json (harness/client.ts); AUTH-JSON-BODIES judges only that such a body is taken as JSON, and no other form of the header is sent.',
  'S-5-response-content-type':
    'Bodies are parsed as JSON from their text whatever the media type parameters; a non-JSON error body is judged on its status only.',

  // ── §6–§9 ────────────────────────────────────────────────────────────────────────────────────
  'S-6-no-push': 'No check listens for callbacks; change is detected only through the stated updated-date filters.',
  'S-7-message-wording': 'The stated §7 messages are never compared for a verdict; the status carries it.',
  'S-7-malformed-json':
    'Every body is written by JSON.stringify in the client, so no check sends an unparseable body or judges what one gets.',
  'S-7-server-errors':
    'Idempotent reads are retried on 502/503/504 with backoff, at most three times, and writes never (harness/pacing/retry-policy.ts); 5xx bodies are not read.',
  'S-8-odd-page-values':
    'page=0 is sent only by the page-base observation (suites/common/page-base.ts), which takes any answer, a refusal included, as a fact about the base; no check sends a negative page, a size of zero or less, or a non-numeric value.',
  'S-8-request-size':
    'Bulk bodies hold a handful of records (at most 25 generated items in a non-frugal property run), far below any realistic body limit.',
  'S-8-bulk-count-limit': 'Bulk writes carry a few entries (25 at most, 5 when frugal); no check probes a count limit.',
  'S-9-other-versions': 'BASE_URL must end with /v2 (harness/config.ts) and every request goes under it.',
  'S-9-additive-change':
    'Schemas are open to extra fields and values outside closed sets are failed only where §2 closes them (source, integrationSource, itemType, item status).',
  'S-9-deprecation-signals': 'Deprecation headers, if any, are not read for any verdict.',

  // ── HTTP ─────────────────────────────────────────────────────────────────────────────────────
  'S-HTTP-head': 'No check sends HEAD; existence is always read with GET.',
  'S-HTTP-options-cors': 'No check sends OPTIONS or an Origin header.',
  'S-HTTP-trailing-slash':
    'buildUrl (harness/client.ts) strips trailing slashes from the base and joins the spec’s paths with one slash, never adding a trailing one.',
  'S-HTTP-path-case': 'Paths are sent exactly as the spec writes them (/appointmentRequests, /inventoryLevels).',
  'S-HTTP-path-encoding': 'Ids in paths are the target’s own, passed through encodeURIComponent where they are built.',
  'S-HTTP-accept': 'The client sends Accept: application/json on every request (harness/client.ts).',
  'S-HTTP-cache-headers':
    'No cache-busting parameter is sent; a stale read is treated as lag and re-read within CONSISTENCY_WINDOW_MS (ctx.eventually).',
  'S-HTTP-location-header': 'A Location header is never required; ids are taken from the body or found by the locator.',
  'S-HTTP-request-id':
    'No request id is sent to the target or required back; the harness keys its exchanges by ids of its own, kept out of the forwarded request.',
  'S-HTTP-connection':
    'Connection resets and timeouts on GETs are retried (harness/pacing/retry-policy.ts) and header names are read in lower case as Node gives them.',
  'S-HTTP-incidental-headers': 'No verdict reads a response header other than those named for pacing and retry.',

  // ── Gateways ─────────────────────────────────────────────────────────────────────────────────
  'S-GW-timeouts':
    'Gateway 502/503/504 on reads are retried (harness/pacing/retry-policy.ts) and narrow queries keep them rare; writes are never retried.',
  'S-GW-waf':
    'Pass/fail data carries no SQL-like or path-like patterns: generated text and names go through plainText (generators/text.ts: no quotes, markup or --); markup characters go only into the APPT-COMMENT-PLAIN-TEXT comment, which ends inconclusive, not failed, when its create or listing is refused.',
  'S-GW-header-handling':
    'The target receives only Accept, Content-Type and the operator’s bearer token besides the transport’s own headers: the pacing proxy strips the harness’s check tag before forwarding (harness/pacing/proxy.ts).',
  'S-GW-cdn-caching':
    'A stale read is read again within the consistency window like any lag; Age and X-Cache are never judged.',

  // ── Paging ───────────────────────────────────────────────────────────────────────────────────
  'S-PAGE-unpaged':
    'Paged reads of vehicles, items, customers, appointment requests and purchase orders send both size and page; the first read of inventory levels, whose paging §4.4 does not show, sends neither, and no check judges how many records an unpaged read holds.',

  // ── Identifiers ──────────────────────────────────────────────────────────────────────────────
  'S-ID-lookup-normalisation': 'Ids are used exactly as the target returned them.',
  'S-ID-json-type-drift':
    'A number where §2 types an id as a string fails the stated-type check of that read, and follow-up requests carry its decimal string so the other checks still run.',
  'S-ID-reuse-and-scope': 'Every lookup carries the company asked for, and ids are compared only within one company.',

  // ── Time ─────────────────────────────────────────────────────────────────────────────────────
  'S-TIME-input-forms':
    'Vehicle and item windows are sent as YYYY-MM-DDThh:mm:ssZ, UTC without a fraction, the form the spec shows.',
  'S-TIME-zone-of-dates':
    'Date-only windows keep at least a day of margin around the records judged, so no zone from UTC−12 to UTC+14 moves a record across a bound.',
  'S-TIME-precision':
    'The updated-window checks place the run’s records within twelve hours of the run (SKEW_MS in suites/common/filter-updated-date-holds.check.ts) and use windows a day wide or more, so no record sits on a bound by its exact timestamp.',
  'S-TIME-inverted-window': 'No check sends a window whose start is after its end.',

  // ── Text ─────────────────────────────────────────────────────────────────────────────────────
  'S-TEXT-empty-strings': 'The run sends "" only for imgUrl, which §2.1 allows.',
  'S-TEXT-unicode':
    'Generated item text carries precomposed é and ü at most and ITEM-CREATE-ROUNDTRIP compares text in NFC, so a store that decomposes accents passes; no check sends emoji or astral-plane characters.',
  'S-TEXT-markup':
    'Markup characters appear only in APPT-COMMENT-PLAIN-TEXT, which judges the round trip of its own comment where §2.5 says it is plain text.',
  'S-TEXT-length-limits': 'Strings stay under 100 characters and comments under 500.',
  'S-TEXT-control-characters': 'The only control character sent is \\n inside an appointment comment (§2.5).',
  'S-TEXT-json-escaping': 'Bodies are compared as parsed JSON values, never as text.',

  // ── JSON ─────────────────────────────────────────────────────────────────────────────────────
  'S-JSON-numbers':
    'Numbers are compared as parsed JSON values, so 12.0 equals 12; a fraction where §2 states an integer is the one difference judged.',
  'S-JSON-property-case': 'Bodies use the spec’s property names exactly.',
  'S-JSON-type-coercion': 'Bodies are sent in their stated JSON types; no check sends a wrong type.',
  'S-JSON-duplicate-keys': 'Bodies are serialised with JSON.stringify, which never writes a key twice.',
  'S-JSON-layout': 'Responses are parsed before any comparison; key order and whitespace are never read.',

  // ── Query strings ────────────────────────────────────────────────────────────────────────────
  'S-QUERY-repeated-params': 'Each query parameter is sent at most once.',
  'S-QUERY-name-case': 'Query parameter names are sent as the spec spells them.',
  'S-QUERY-empty-values': 'A parameter without a value is left out, never sent empty.',
  'S-QUERY-value-parsing':
    'Booleans go as lowercase true/false, integers as plain decimals and enum values as the spec spells them.',
  'S-QUERY-encoding':
    'Query values are encoded by URLSearchParams (harness/client.ts buildUrl), so a + travels as %2B and is never read as a space.',
  'S-QUERY-list-syntax': 'Filters carry one value each in every pass/fail check.',

  // ── Errors ───────────────────────────────────────────────────────────────────────────────────
  'S-ERR-precedence':
    'Each refusal check breaks one rule in an otherwise accepted request (token, permission and body valid); where the body itself is a guess, any 400 passes.',
  'S-ERR-localisation': 'No message text decides a verdict, so its language never matters.',

  // ── Consistency ──────────────────────────────────────────────────────────────────────────────

  // ── Rate limits ──────────────────────────────────────────────────────────────────────────────
  'S-RATE-headers':
    'Pacing follows the configured rates and Retry-After; rate-limit information headers are never required.',
  'S-RATE-accounting':
    'A run paces itself under RATE_LIMIT_GET_PER_MIN and RATE_LIMIT_WRITE_PER_MIN for its one token, shards sharing the limits; the operator keeps other traffic off the token.',

  // ── Auth ─────────────────────────────────────────────────────────────────────────────────────
  'S-AUTH-check-order':
    'Token checks send otherwise valid requests on stated paths, so the token is the only defect whatever the order of the target’s checks.',
  'S-AUTH-token-claims':
    'Each forged token carries one defect a conforming server refuses whatever claims it requires: no signature, a signature that does not verify with the target’s key (whatever its claims, exp left out included), or an expiry in the past signed with AUTH_KEY when the operator gives one; near-expiry edges are never sent.',

  // ── Tenancy ──────────────────────────────────────────────────────────────────────────────────
  'S-TEN-company-source': 'Every request names COMPANY_ID, the company the operator configured for the token.',
  'S-TEN-company-mismatch':
    'The tenancy checks send OTHER_COMPANY_ID and fail only a record of one company shown under the other; any status for the other company passes.',
  'S-TEN-body-company': 'companyId is sent at the top of bulk bodies, never inside their elements.',
  'S-TEN-location-scope':
    'Location-scoped data stays in LOCATION_ID (and SECOND_LOCATION_ID for levels); no check asserts a record is missing from another location’s view.',

  // ── Bulk ─────────────────────────────────────────────────────────────────────────────────────
  'S-BULK-partial':
    'Bulk checks send all-valid batches, or the one invalid entry alone; a refused entry counts whether the batch was refused whole or entry by entry.',
  'S-BULK-empty-array':
    'Every bulk write the fixtures and properties build carries at least one entry; no check sends an empty array or judges its answer.',
  'S-BULK-duplicates-in-batch': 'No batch holds the same id or item number twice.',
  'S-BULK-idempotency':
    'Writes are never retried (harness/pacing/retry-policy.ts); a write whose answer is lost is looked for by its unique locator before anything is concluded.',
  'S-BULK-intra-batch-references': 'No entry of a batch depends on another entry of the same batch.',
} as const satisfies Record<string, string>;

/**
 * Silences on which a check still depends and no dimension varies yet: known, said, not counted as
 * covered. Each entry says which check and what a choice inside the silence would do to it.
 */
export const silenceGaps = {
  'S-TIME-updated-on-create':
    'VEHICLE-FILTER-UPDATED and ITEM-FILTER-UPDATED take the vehicles and items the run has just created as updated within twelve hours of the run and fail one left out of the window around it, without first seeing that the target gives a new record an update time (appointment requests are judged only on the update times they show).',
  'S-4.4-put-semantics':
    'Writes are never retried, and the first update of a part the run just created reads the same whether the target sets or adds; but INVENTORY-UPDATE-VISIBLE [quantity 0] then sends 0 to a part holding a level and expects 0, which a target applying deltas would leave unchanged, and the family has no delta-applying member.',
  'S-5-other-permissions':
    'The preflight turns a 403 on GET /items into a configuration error, but a 403 to the full token on another route (vehicles, customers) would fail that route’s checks that expect a 2xx (expect2xx) rather than leave them unjudged.',
  'S-4.2-get-params':
    'Reads by id always send companyId in the query and are never retried without it, so a target that refuses companyId on a read by id would fail the checks that expect those reads to answer 2xx (VEHICLE-GET-ENVELOPE, ITEM-GET-BARE, PO-GET-ANY-BACKEND).',
} as const satisfies Record<string, string>;

export type SilenceId = keyof typeof silenceReasons;
