//! `tool-output mcp serve`: the tools and resources of [`Tools`] over a
//! session, with no downstream, on rmcp's stdio server (typed handlers:
//! everything here is ours, so nothing needs relaying raw).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ErrorData, Implementation, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ReadResourceRequestParams,
    ReadResourceResponse, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{Peer, RoleServer, ServerHandler, ServiceExt};
use serde_json::Value;

use crate::agent::SYSTEM_PROMPT;
use crate::doctor::clients::ClientLog;
use crate::error::Error;
use crate::llm::BoxFuture;
use crate::llm::sampling::{Sampler, SamplingError, SamplingLlm};

use super::tools::{Notify, Tools};

mod stdio;

#[derive(Clone)]
pub struct Server {
    tools: Tools,
    /// The engine to lend the client's model to (no provider configured).
    sampling: Option<Arc<SamplingLlm>>,
    client_met: Arc<std::sync::OnceLock<()>>,
    /// Where to note whether the client offers sampling.
    clients: Option<ClientLog>,
}

impl Server {
    pub fn new(
        tools: Tools,
        sampling: Option<Arc<SamplingLlm>>,
        clients: Option<ClientLog>,
    ) -> Self {
        Self {
            tools,
            sampling,
            client_met: Arc::default(),
            clients,
        }
    }

    /// What the client says of itself (at the first call) decides how our
    /// answers fit its host and whether its model is lent: if it offers
    /// sampling and speaks a revision with `initialize`, where sampling is
    /// a request of its own (see `say_sampling`).
    fn met(&self, context: &RequestContext<RoleServer>) {
        self.client_met.get_or_init(|| {
            if let Some(client) = context.client_info() {
                self.tools.fit_to(&client.name);
            }
            let Some(engine) = &self.sampling else {
                return;
            };
            let stateless = context
                .protocol_version()
                .is_some_and(|v| !v.has_initialize());
            let offers = context
                .client_capabilities()
                .is_some_and(|c| c.sampling.is_some());
            if offers && !stateless {
                engine.attach(Arc::new(PeerSampler(context.peer.clone())));
            }
            let client = context.client_info().map_or(String::new(), |client| {
                format!("{} {}", client.name, client.version)
            });
            super::say_sampling(offers, stateless, client.trim(), self.clients.as_ref());
        });
    }

    /// Serve on stdin/stdout until the client closes stdin.
    pub async fn run(self) -> anyhow::Result<()> {
        let running = self.serve(stdio::StdioTransport::stdio()).await?;
        running.waiting().await?;
        Ok(())
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                "tool-output",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(SYSTEM_PROMPT)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.definitions()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if !Tools::is_ours(&request.name) {
            return Err(ErrorData::invalid_params(
                format!("unknown tool {:?}", request.name),
                None,
            ));
        }
        let notify = context.meta.get_progress_token().map(|token| {
            let peer = context.peer.clone();
            let notify: Notify = Arc::new(move |done, message| {
                let mut param = ProgressNotificationParam::new(token.clone(), done.into());
                param.message = Some(message);
                let peer = peer.clone();
                tokio::spawn(async move { peer.notify_progress(param).await });
            });
            notify
        });
        self.met(&context);
        let args = request.arguments.unwrap_or_default();
        match self
            .tools
            .call(&request.name, args, context.ct, notify)
            .await
        {
            Ok(result) => Ok(result.into()),
            Err(Error::Cancelled) => Err(ErrorData::internal_error("cancelled", None)),
            Err(e) => Err(ErrorData::internal_error(e.to_string(), None)),
        }
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = self
            .tools
            .resources()
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.met(&context);
        Ok(self.tools.read_resource(&request.uri).await?.into())
    }
}

/// `sampling/createMessage` through rmcp's server peer.
struct PeerSampler(Peer<RoleServer>);

impl Sampler for PeerSampler {
    fn create_message(&self, params: Value) -> BoxFuture<'_, Result<Value, SamplingError>> {
        Box::pin(async move {
            // rmcp marks sampling deprecated (SEP-2577, for the protocols
            // without `initialize`); the clients we serve negotiate a
            // protocol with `initialize`, where it stands.
            #[allow(deprecated)]
            let params: rmcp::model::CreateMessageRequestParams = serde_json::from_value(params)
                .map_err(|e| SamplingError::Declined(format!("a request rmcp refuses: {e}")))?;
            #[allow(deprecated)]
            let answer = self.0.create_message(params).await;
            match answer {
                Ok(result) => {
                    serde_json::to_value(result).map_err(|e| SamplingError::Declined(e.to_string()))
                }
                // The transport's own error for an answer it could not use.
                Err(rmcp::ServiceError::McpError(error))
                    if error.message.starts_with(stdio::UNUSABLE) =>
                {
                    let why = &error.message[stdio::UNUSABLE.len()..];
                    Err(SamplingError::Unusable(why.to_string()))
                }
                Err(rmcp::ServiceError::McpError(error)) => {
                    Err(SamplingError::Declined(error.message.to_string()))
                }
                Err(_) => Err(SamplingError::Gone),
            }
        })
    }
}
