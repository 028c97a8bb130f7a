"""Verifies captured webhook requests with the Standard Webhooks reference package.

Usage: verify.py CAPTURE.json, where the capture is {"secret": "whsec_…", "requests":
[{"headers": {...}, "body": "..."}]} as written by the black-box webhook test. Exits 0 when
every request verifies, 1 (naming the first that does not) otherwise. The package also checks
that each `webhook-timestamp` is within five minutes of now, so run it right after the capture.
"""

import json
import sys

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as file:
        capture = json.load(file)
    webhook = Webhook(capture["secret"])
    requests = capture["requests"]
    if not requests:
        print("no requests captured", file=sys.stderr)
        return 1
    for index, request in enumerate(requests):
        try:
            payload = webhook.verify(request["body"], request["headers"])
        except WebhookVerificationError as error:
            print(f"request {index} does not verify: {error}", file=sys.stderr)
            return 1
        print(f"request {index} verified: {payload['type']}")
    # A tampered body must fail: the check can fail.
    tampered = requests[0]["body"].replace("}", " }", 1)
    try:
        webhook.verify(tampered, requests[0]["headers"])
    except WebhookVerificationError:
        return 0
    print("a tampered body verified", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
