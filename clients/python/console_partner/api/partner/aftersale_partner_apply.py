from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.after_sale_applied_out import AfterSaleAppliedOut
from ...models.apply_in import ApplyIn
from ...models.error_result import ErrorResult
from ...types import Response


def _get_kwargs(
    *,
    body: ApplyIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/partner/v1/order/after_sale/apply",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AfterSaleAppliedOut | ErrorResult | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> AfterSaleAppliedOut | ErrorResult:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = AfterSaleAppliedOut.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = ErrorResult.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AfterSaleAppliedOut | ErrorResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ApplyIn,
) -> Response[AfterSaleAppliedOut | ErrorResult]:
    """A buyer applies for a refund or a return of one order line; once per requestNo

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ApplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AfterSaleAppliedOut | ErrorResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ApplyIn,
) -> AfterSaleAppliedOut | ErrorResult | None:
    """A buyer applies for a refund or a return of one order line; once per requestNo

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ApplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AfterSaleAppliedOut | ErrorResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ApplyIn,
) -> Response[AfterSaleAppliedOut | ErrorResult]:
    """A buyer applies for a refund or a return of one order line; once per requestNo

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ApplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AfterSaleAppliedOut | ErrorResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ApplyIn,
) -> AfterSaleAppliedOut | ErrorResult | None:
    """A buyer applies for a refund or a return of one order line; once per requestNo

     For the app's server and partner systems: signed with the partner key (X-Partner-Timestamp,
    X-Partner-Signature) and idempotent by Idempotency-Key; a repeat with the same body answers the
    stored result, another body code 409.

    Args:
        body (ApplyIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AfterSaleAppliedOut | ErrorResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
